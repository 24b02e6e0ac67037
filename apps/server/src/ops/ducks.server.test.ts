// `ops ducks:adjust` and the console's adjustment are one rule (participants.adjustParticipantDucks): the same
// limits, the same refusals, the same ledger row and the same audit row, the actor being `cli` or the admin.
import { PARTICIPANT_ADJUST_MAX, consoleMessages } from '@quackquest/contract';
import { asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOperator } from '../../test/console';
import { createUser, getTestContext, me } from '../../test/helpers';
import { parseEnv } from '../config/env';
import { auditLog, ledger } from '../db/schema';
import { COMMANDS } from './commands';

const command = COMMANDS.find((c) => c.name === 'ducks:adjust')!;

/** The command as the CLI runs it, on the tests' database. */
async function cli(email: string, amount: string, reason: string): Promise<string> {
  const { database } = await getTestContext();
  const output = await command.run({
    args: [email, amount],
    options: { reason },
    env: parseEnv({}),
    openDb: () => Promise.resolve(database.db),
    cwd: process.cwd(),
  });
  return String(output);
}

async function consoleAdjust(userId: number, amount: number, reason: string) {
  const { app } = await getTestContext();
  const admin = await createOperator('admin');
  const response = await app.inject({
    method: 'POST',
    url: `/api/console/participants/${userId}/ducks`,
    headers: { cookie: admin.cookie },
    payload: { amount, reason },
  });
  return { status: response.statusCode, body: response.json<{ ducks?: number; message?: string }>(), admin };
}

async function db() {
  return (await getTestContext()).database.db;
}

async function audits(userId: number) {
  return (await db())
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `user:${userId}`))
    .orderBy(desc(auditLog.id));
}

describe('ducks:adjust and the console adjust through one rule', () => {
  it('gives and takes away ducks with the reason on the ledger and an audit row naming the cli', async () => {
    const user = await createUser();
    expect(await cli(user.email, '5', 'lost a scan to a bad network')).toBe(`${user.email} now has 5 ducks (0 pending).`);
    expect((await me(user)).duckPoints).toBe(5);
    expect(await cli(` ${user.email.toUpperCase()} `, '-3', 'counted twice')).toContain('now has 2 ducks');
    const rows = await (await db()).select().from(ledger).where(eq(ledger.userId, user.id)).orderBy(asc(ledger.id));
    expect(rows.map((r) => [r.kind, r.amount, r.reason])).toEqual([
      ['adjustment', 5, 'lost a scan to a bad network'],
      ['adjustment', -3, 'counted twice'],
    ]);
    const [last] = await audits(user.id);
    expect(last).toMatchObject({
      actor: 'cli',
      action: 'participant.adjust_ducks',
      before: { ducks: 5 },
      after: { ducks: 2, amount: -3, reason: 'counted twice' },
    });
  });

  it.each([
    ['an amount past the limit', String(PARTICIPANT_ADJUST_MAX + 1), 'x', consoleMessages.adjustAmount],
    ['a zero amount', '0', 'x', consoleMessages.adjustAmount],
    ['a blank reason', '1', '  ', consoleMessages.reasonRequired],
    ['more than the balance', '-2', 'x', consoleMessages.adjustNegative({ ducks: 1 })],
  ])('the cli refuses %s with the console words, and changes nothing', async (_, amount, reason, message) => {
    const user = await createUser({ ducks: 1 });
    await expect(cli(user.email, amount, reason)).rejects.toThrow(message);
    const refused = await consoleAdjust(user.id, Number(amount), reason);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.message).toBe(message);
    expect((await me(user)).duckPoints).toBe(1);
    expect(await audits(user.id)).toEqual([]);
  });

  it('the console adjusts with the same rule and its admin as the actor', async () => {
    const user = await createUser({ ducks: 1 });
    const { status, body, admin } = await consoleAdjust(user.id, PARTICIPANT_ADJUST_MAX, 'festival prize');
    expect([status, body.ducks]).toEqual([200, 1 + PARTICIPANT_ADJUST_MAX]);
    expect((await audits(user.id))[0]).toMatchObject({ actor: admin.email, action: 'participant.adjust_ducks' });
  });

  it('refuses an unknown e-mail', async () => {
    await expect(cli('nobody-here@example.com', '1', 'x')).rejects.toThrow('No visitor has the e-mail nobody-here@example.com.');
  });
});
