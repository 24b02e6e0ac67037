import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getTestContext } from '../../test/helpers';
import { transaction } from './client';

describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite under a queue of queries', () => {
  it('lets the event loop run between them: a timer set while 100 wait fires before the last one ends', async () => {
    const { database } = await getTestContext();
    const events: string[] = [];
    const queued = Array.from({ length: 100 }, (_, i) =>
      i % 2
        ? database.db.execute(sql`select 1`).then(() => events.push('query'))
        : transaction(database.db, async (tx) => tx.query('qq_test_select', 'select 1', [])).then(() =>
            events.push('transaction'),
          ),
    );
    setTimeout(() => events.push('timer'), 0);
    await Promise.all(queued);
    // Without turns of the event loop, the queue ran in microtasks and the timer waited for all of it.
    const timerAt = events.indexOf('timer');
    expect(timerAt, 'the timer fired before the queue ended').toBeGreaterThan(-1);
    expect(timerAt).toBeLessThan(50);
    expect(events).toHaveLength(101);
  });
});
