import { describe, expect, it } from 'vitest';
import { withQuiet } from './kiosk-api';

const kiosk = (id: number, lastSeenAt: string | null) => ({
  id,
  name: `Tablet ${id}`,
  createdBy: 'staff@example.com',
  createdAt: '2026-12-01T09:00:00.000Z',
  revokedAt: null,
  revokedBy: null,
  lastSeenAt,
});

describe('withQuiet', () => {
  it('marks a kiosk quiet three minutes after its tablet was last in touch, and never one not yet in touch', () => {
    const now = Date.parse('2026-12-01T10:00:00.000Z');
    const [checkpoint] = withQuiet(
      [
        {
          id: 'day-01',
          title: 'Gangway',
          period: 30,
          kiosks: [
            kiosk(1, '2026-12-01T09:59:00.000Z'),
            kiosk(2, '2026-12-01T09:57:00.000Z'),
            kiosk(3, '2026-12-01T09:56:59.000Z'),
            kiosk(4, null),
          ],
        },
      ],
      now,
    );
    expect(checkpoint!.kiosks.map((k) => [k.id, k.quiet])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, false],
    ]);
  });
});
