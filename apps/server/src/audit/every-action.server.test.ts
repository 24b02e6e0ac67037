// Every audited action, from the console and from the command line, writes exactly one audit row, in the action's own
// transaction (issue 29 part 4; decisions 019 and 065). Each case of the table runs its action twice:
//  - first while the database refuses that action's audit row (a test trigger on audit_log, below). The action must then
//    leave nothing a person would notice: nothing changed, and for a read or an export no personal data handed out; the
//    console answers its standard 500 (no database text), the CLI fails and writes no file;
//  - then as usual: the action takes effect and exactly one new audit row names it, with the operator's e-mail (or `cli`).
// The table covers every entry of AUDIT_ACTIONS from the console, and every CLI command is either in it or listed as
// writing no audit row: a new action or command without its case fails the first test.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUDIT_ACTIONS, said } from '@quackquest/contract';
import { count, desc, eq, gt, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, idTokenFor, uniqueEmail, uniqueIp } from '../../test/auth';
import { type TestOperator, createOperator } from '../../test/console';
import {
  addCheckpoint,
  addReward,
  api,
  attempt,
  claimVoucher,
  type TestUser,
  createUser,
  getTestContext,
  repoRoot,
  unique,
} from '../../test/helpers';
import { parseEnv } from '../config/env';
import {
  announcements,
  attempts,
  auditLog,
  campaignVersions,
  campaigns,
  claims,
  consoleSessions,
  mailQueue,
  operators,
  rewards,
  users,
} from '../db/schema';
import { formatVerify, verifyInvariants } from '../db/invariants';
import { COMMANDS } from '../ops/commands';
import { type AuditAction, CLI_ACTOR } from './audit';

type Via = 'console' | 'cli';

/** What the action answered: the console's status and body, or the CLI's output (or error). */
interface Outcome {
  ok: boolean;
  status?: number;
  text: string;
  type?: string;
}

interface Case {
  via: Via;
  /** The route or the CLI command. */
  what: string;
  action: AuditAction;
  /** The action is a refusal put on the record (a blocked visitor's voucher): done, it answers a refusal. */
  refusal?: true;
  /** Makes what the action needs, and says who acts, how, and what shows once it is done. */
  prepare: () => Promise<{
    actor: string;
    run: () => Promise<Outcome>;
    /** What a person would notice once it is done; for a read or an export, the personal data in its answer. */
    effectVisible: (outcome: Outcome) => Promise<boolean> | boolean;
  }>;
}

/**
 * The CLI commands that perform none of AUDIT_ACTIONS and write no audit row. A new command goes in the table or here,
 * on purpose. (review:list, backup and restore do handle visitors' data: run by whoever holds the database's keys.)
 */
const UNAUDITED_COMMANDS = [
  'campaign:validate',
  'campaign:versions',
  'review:list',
  'qr:sheet',
  'operator:list',
  'mail:status',
  'migrate',
  'backup',
  'restore',
  'verify',
  'ledger:digest',
  'wheel:verify',
];

const CASES: Case[] = [
  {
    via: 'console',
    what: 'POST /api/auth/console',
    action: 'console.sign_in',
    prepare: async () => {
      const email = await operatorAddress('reviewer');
      const idToken = await idTokenFor((await getTestContext()).app, email);
      return { actor: email, run: () => signIn(idToken), effectVisible: async () => (await sessionsOf(email)) > 0 };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/session/logout',
    action: 'console.sign_out',
    prepare: async () => {
      const staff = await createOperator('staff');
      return {
        actor: staff.email,
        run: () => consoleCall(staff, 'POST', '/api/console/session/logout'),
        effectVisible: async () => (await consoleCall(staff, 'GET', '/api/console/me')).status === 401,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/operators',
    action: 'operator.add',
    prepare: async () => {
      const [admin, email] = [await createOperator('admin'), uniqueEmail('crew')];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/operators', { email, role: 'staff' }),
        effectVisible: async () => (await roleOf(email)) === 'staff',
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/operators',
    action: 'operator.change_role',
    prepare: async () => {
      const [admin, email] = [await createOperator('admin'), await operatorAddress('staff')];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/operators', { email, role: 'reviewer' }),
        effectVisible: async () => (await roleOf(email)) === 'reviewer',
      };
    },
  },
  {
    via: 'console',
    what: 'DELETE /api/console/operators/:email',
    action: 'operator.remove',
    prepare: async () => {
      const [admin, email] = [await createOperator('admin'), await operatorAddress('staff')];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'DELETE', `/api/console/operators/${encodeURIComponent(email)}`),
        effectVisible: async () => (await roleOf(email)) === undefined,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/audit.csv',
    action: 'audit.export',
    prepare: async () => {
      const admin = await createOperator('admin');
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/audit.csv'),
        effectVisible: (outcome) => outcome.ok && outcome.text.includes(`,${admin.email},audit.export,`),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/reviews/decisions',
    action: 'review.approve',
    prepare: async () => {
      const [reviewer, attemptId] = [await createOperator('reviewer'), await textAnswer()];
      return {
        actor: reviewer.email,
        run: () => decide(reviewer, attemptId, 'approve'),
        effectVisible: async () => (await reviewOf(attemptId)) === 'approved',
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/reviews/decisions',
    action: 'review.reject',
    prepare: async () => {
      const [reviewer, attemptId] = [await createOperator('reviewer'), await textAnswer()];
      return {
        actor: reviewer.email,
        run: () => decide(reviewer, attemptId, 'reject'),
        effectVisible: async () => (await reviewOf(attemptId)) === 'rejected',
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/reviews/undo',
    action: 'review.undo',
    prepare: async () => {
      const [reviewer, attemptId] = [await createOperator('reviewer'), await textAnswer()];
      expect((await decide(reviewer, attemptId, 'approve')).ok).toBe(true);
      return {
        actor: reviewer.email,
        run: () => consoleCall(reviewer, 'POST', '/api/console/reviews/undo', { attemptId }),
        effectVisible: async () => (await reviewOf(attemptId)) === 'pending',
      };
    },
  },
  {
    via: 'console',
    what: 'GET /api/console/participants',
    action: 'participant.search',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser()];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'GET', `/api/console/participants?q=${encodeURIComponent(visitor.email)}`),
        effectVisible: (outcome) => outcome.ok && outcome.text.includes(visitor.email),
      };
    },
  },
  {
    via: 'console',
    what: 'GET /api/console/participants/:userId',
    action: 'participant.view',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser()];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'GET', `/api/console/participants/${visitor.id}`),
        effectVisible: (outcome) => outcome.ok && outcome.text.includes(visitor.email),
      };
    },
  },
  {
    via: 'console',
    what: 'GET /api/console/photos/:attemptId',
    action: 'photo.view',
    prepare: async () => {
      const [reviewer, attemptId] = [await createOperator('reviewer'), await photoAnswer()];
      return {
        actor: reviewer.email,
        run: () => consoleCall(reviewer, 'GET', `/api/console/photos/${attemptId}?size=original`),
        effectVisible: (outcome) => outcome.ok && outcome.type === 'image/png',
      };
    },
  },
  {
    via: 'console',
    what: 'GET /api/console/winners',
    action: 'winners.view',
    prepare: async () => {
      const admin = await createOperator('admin');
      await createUser();
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'GET', '/api/console/winners?top=1'),
        effectVisible: (outcome) => outcome.ok && /"email":"[^"]+@/.test(outcome.text),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/winners/notify',
    action: 'winners.notify',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser({ ducks: 5 })];
      return {
        actor: admin.email,
        run: () =>
          consoleCall(admin, 'POST', '/api/console/winners/notify', {
            userIds: [visitor.id],
            earlyReason: 'The demo runs for days yet.',
          }),
        effectVisible: async () => (await winnerMailsTo(visitor.email)) > 0,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/vouchers/:code/redeem',
    action: 'voucher.redeem',
    prepare: async () => {
      const [staff, { code }] = [await createOperator('staff'), await claimVoucher(await createUser({ ducks: 10 }))];
      return {
        actor: staff.email,
        run: () => consoleCall(staff, 'POST', `/api/console/vouchers/${code}/redeem`),
        effectVisible: async () => await redeemed(code),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/vouchers/:code/redeem (a blocked visitor)',
    action: 'voucher.redeem_refused',
    refusal: true,
    prepare: async () => {
      const [staff, code] = [await createOperator('staff'), await blockedVisitorsVoucher()];
      return {
        actor: staff.email,
        run: () => consoleCall(staff, 'POST', `/api/console/vouchers/${code}/redeem`),
        // The desk is told to keep the reward only once the refusal is on the record.
        effectVisible: (outcome) => outcome.status === 403 && outcome.text.includes('voucherOwnerBlocked'),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/vouchers/:code/redeem (an admin overriding a block)',
    action: 'voucher.redeem',
    prepare: async () => {
      const [admin, code] = [await createOperator('admin'), await blockedVisitorsVoucher()];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', `/api/console/vouchers/${code}/redeem`, { override: 'Announced on stage.' }),
        effectVisible: async () => await redeemed(code),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/rewards/:rewardId/stock',
    action: 'reward.stock',
    prepare: async () => {
      const [admin, reward] = [await createOperator('admin'), await addReward({ stock: 1 })];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', `/api/console/rewards/${reward.id}/stock`, { amount: 5, reason: 'Restocked.' }),
        effectVisible: async () => (await stockLeft(reward.id)) === 6,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/exports/leaderboard.csv',
    action: 'export.leaderboard',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser()];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/exports/leaderboard.csv'),
        effectVisible: (outcome) => outcome.ok && outcome.text.includes(visitor.email),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/exports/claims.csv',
    action: 'export.claims',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser({ ducks: 10 })];
      await claimVoucher(visitor);
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/exports/claims.csv'),
        effectVisible: (outcome) => outcome.ok && outcome.text.includes(visitor.email),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/exports/winners.csv',
    action: 'export.winners',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser({ ducks: 5 })];
      const notified = await consoleCall(admin, 'POST', '/api/console/winners/notify', {
        userIds: [visitor.id],
        earlyReason: 'The demo runs for days yet.',
      });
      expect(notified.ok).toBe(true);
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/exports/winners.csv'),
        effectVisible: (outcome) => outcome.ok && outcome.text.includes(visitor.email),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/participants/:userId/ducks',
    action: 'participant.adjust_ducks',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser()];
      return {
        actor: admin.email,
        run: () =>
          consoleCall(admin, 'POST', `/api/console/participants/${visitor.id}/ducks`, { amount: 5, reason: 'Help desk' }),
        effectVisible: async () => (await visitorRow(visitor.id)).ducks === 5,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/participants/:userId/block',
    action: 'participant.block',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser()];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', `/api/console/participants/${visitor.id}/block`, { reason: 'Two accounts' }),
        effectVisible: async () => (await visitorRow(visitor.id)).blockedAt !== null,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/participants/:userId/unblock',
    action: 'participant.unblock',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser()];
      const { database } = await getTestContext();
      await database.db
        .update(users)
        .set({ blockedAt: new Date(), blockedReason: 'Two accounts' })
        .where(eq(users.id, visitor.id));
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', `/api/console/participants/${visitor.id}/unblock`),
        effectVisible: async () => (await visitorRow(visitor.id)).blockedAt === null,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/participants/:userId/erase',
    action: 'participant.erase',
    prepare: async () => {
      const [admin, visitor] = [await createOperator('admin'), await createUser()];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', `/api/console/participants/${visitor.id}/erase`, { confirm: 'ERASE' }),
        effectVisible: async () => (await visitorRow(visitor.id)).erasedAt !== null,
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/announcements',
    action: 'announcement.create',
    prepare: async () => {
      const [admin, words] = [await createOperator('admin'), unique('Dinner on deck 7')];
      const body = { texts: { en: words }, audience: 'everyone', hours: 1, push: false, email: false };
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/announcements', body),
        effectVisible: async () => (await bannersOf(await createUser())).includes(words),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/announcements/:id/withdraw',
    action: 'announcement.withdraw',
    prepare: async () => {
      const [admin, words] = [await createOperator('admin'), unique('Drinks at 8')];
      const { database } = await getTestContext();
      const at = new Date();
      const [row] = await database.db
        .insert(announcements)
        .values({
          texts: { en: words },
          audience: 'everyone',
          showAt: at,
          endsAt: new Date(at.getTime() + 3_600_000),
          createdBy: admin.email,
        })
        .returning({ id: announcements.id });
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', `/api/console/announcements/${row!.id}/withdraw`),
        effectVisible: async () => !(await bannersOf(await createUser())).includes(words),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/kiosks',
    action: 'kiosk.start',
    prepare: async () => {
      const [staff, { slug }] = [
        await createOperator('staff'),
        await addCheckpoint({ type: 'Scan', qrTexts: null, codePeriod: 30 }),
      ];
      return {
        actor: staff.email,
        run: () => consoleCall(staff, 'POST', '/api/console/kiosks', { checkpoint: slug, name: 'Booth tablet' }),
        effectVisible: async () => (await kioskNamesOf(staff, slug)).includes('Booth tablet'),
      };
    },
  },
  {
    via: 'console',
    what: 'POST /api/console/kiosks/:id/revoke',
    action: 'kiosk.revoke',
    prepare: async () => {
      const [staff, { slug }] = [
        await createOperator('staff'),
        await addCheckpoint({ type: 'Scan', qrTexts: null, codePeriod: 30 }),
      ];
      const started = await consoleCall(staff, 'POST', '/api/console/kiosks', { checkpoint: slug, name: 'Lost tablet' });
      const { id } = JSON.parse(started.text) as { id: number };
      return {
        actor: staff.email,
        run: () => consoleCall(staff, 'POST', `/api/console/kiosks/${id}/revoke`),
        effectVisible: async () => (await consoleCall(staff, 'GET', `/api/kiosks/${id}`)).text.includes('"revoked"'),
      };
    },
  },
  {
    via: 'cli',
    what: 'review:approve',
    action: 'review.approve',
    prepare: async () => {
      const attemptId = await textAnswer();
      return {
        actor: CLI_ACTOR,
        run: () => cli('review:approve', [String(attemptId)]),
        effectVisible: async () => (await reviewOf(attemptId)) === 'approved',
      };
    },
  },
  {
    via: 'cli',
    what: 'review:reject',
    action: 'review.reject',
    prepare: async () => {
      const attemptId = await textAnswer();
      return {
        actor: CLI_ACTOR,
        run: () => cli('review:reject', [String(attemptId)], { note: 'No duck in it' }),
        effectVisible: async () => (await reviewOf(attemptId)) === 'rejected',
      };
    },
  },
  {
    via: 'cli',
    what: 'ducks:adjust',
    action: 'participant.adjust_ducks',
    prepare: async () => {
      const visitor = await createUser();
      return {
        actor: CLI_ACTOR,
        run: () => cli('ducks:adjust', [visitor.email, '5'], { reason: 'Help desk' }),
        effectVisible: async () => (await visitorRow(visitor.id)).ducks === 5,
      };
    },
  },
  {
    via: 'cli',
    what: 'voucher:redeem',
    action: 'voucher.redeem',
    prepare: async () => {
      const { code } = await claimVoucher(await createUser({ ducks: 10 }));
      return { actor: CLI_ACTOR, run: () => cli('voucher:redeem', [code]), effectVisible: () => redeemed(code) };
    },
  },
  {
    via: 'cli',
    what: 'voucher:redeem (a blocked visitor)',
    action: 'voucher.redeem_refused',
    refusal: true,
    prepare: async () => {
      const code = await blockedVisitorsVoucher();
      return {
        actor: CLI_ACTOR,
        run: () => cli('voucher:redeem', [code]),
        effectVisible: (outcome) => !outcome.ok && outcome.text.includes('the visitor is blocked'),
      };
    },
  },
  {
    via: 'cli',
    what: 'voucher:redeem --override',
    action: 'voucher.redeem',
    prepare: async () => {
      const code = await blockedVisitorsVoucher();
      return {
        actor: CLI_ACTOR,
        run: () => cli('voucher:redeem', [code], { override: 'Announced on stage.' }),
        effectVisible: () => redeemed(code),
      };
    },
  },
  {
    via: 'cli',
    what: 'reward:stock',
    action: 'reward.stock',
    prepare: async () => {
      const reward = await addReward({ stock: 1 });
      return {
        actor: CLI_ACTOR,
        run: () => cli('reward:stock', [reward.item, '5'], { reason: 'Restocked.' }),
        effectVisible: async () => (await stockLeft(reward.id)) === 6,
      };
    },
  },
  {
    via: 'cli',
    what: 'operator:add',
    action: 'operator.add',
    prepare: async () => {
      const email = uniqueEmail('crew');
      return {
        actor: CLI_ACTOR,
        run: () => cli('operator:add', [email], { role: 'staff' }),
        effectVisible: async () => (await roleOf(email)) === 'staff',
      };
    },
  },
  {
    via: 'cli',
    what: 'operator:add',
    action: 'operator.change_role',
    prepare: async () => {
      const email = await operatorAddress('staff');
      return {
        actor: CLI_ACTOR,
        run: () => cli('operator:add', [email], { role: 'reviewer' }),
        effectVisible: async () => (await roleOf(email)) === 'reviewer',
      };
    },
  },
  {
    via: 'cli',
    what: 'operator:remove',
    action: 'operator.remove',
    prepare: async () => {
      const email = await operatorAddress('staff');
      return {
        actor: CLI_ACTOR,
        run: () => cli('operator:remove', [email]),
        effectVisible: async () => (await roleOf(email)) === undefined,
      };
    },
  },
  {
    via: 'cli',
    what: 'export:leaderboard',
    action: 'export.leaderboard',
    prepare: async () => {
      await createUser();
      const file = path.join(outDir, `${unique('leaderboard')}.csv`);
      return { actor: CLI_ACTOR, run: () => cli('export:leaderboard', [], { out: file }), effectVisible: () => existsSync(file) };
    },
  },
  {
    via: 'cli',
    what: 'export:claims',
    action: 'export.claims',
    prepare: async () => {
      await claimVoucher(await createUser({ ducks: 10 }));
      const file = path.join(outDir, `${unique('claims')}.csv`);
      return { actor: CLI_ACTOR, run: () => cli('export:claims', [], { out: file }), effectVisible: () => existsSync(file) };
    },
  },
  {
    via: 'cli',
    what: 'export:winners',
    action: 'export.winners',
    prepare: async () => {
      const file = path.join(outDir, `${unique('winners')}.csv`);
      return { actor: CLI_ACTOR, run: () => cli('export:winners', [], { out: file }), effectVisible: () => existsSync(file) };
    },
  },
  // Last: a load marks the checkpoints and rewards the cases above added to the demo campaign as removed.
  {
    via: 'console',
    what: 'POST /api/console/campaign/load',
    action: 'campaign.load',
    prepare: async () => {
      const [admin, versions] = [await createOperator('admin'), await versionCount()];
      return {
        actor: admin.email,
        run: () => consoleCall(admin, 'POST', '/api/console/campaign/load', { source: { pack: 'demo' }, confirm: true }),
        effectVisible: async () => (await versionCount()) > versions,
      };
    },
  },
  {
    via: 'cli',
    what: 'campaign:load',
    action: 'campaign.load',
    prepare: async () => {
      const versions = await versionCount();
      return {
        actor: CLI_ACTOR,
        run: () => cli('campaign:load', [path.join(repoRoot, 'campaigns/demo')], { confirm: true }),
        effectVisible: async () => (await versionCount()) > versions,
      };
    },
  },
  {
    via: 'cli',
    what: 'campaign:restore',
    action: 'campaign.load',
    prepare: async () => {
      const [version, versions] = [await activeVersion(), await versionCount()];
      return {
        actor: CLI_ACTOR,
        run: () => cli('campaign:restore', [String(version)], { confirm: true }),
        effectVisible: async () => (await versionCount()) > versions,
      };
    },
  },
];

/** Where the CLI's exports are written. */
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-every-action-'));
  // The refusal: a row of an action listed in the table is refused before it is inserted, failing its transaction.
  // A table of the test's own, not a session setting: on PostgreSQL the action may run on any pooled connection.
  const { database } = await getTestContext();
  for (const statement of [
    'create table qq_test_refused_audit (action text primary key)',
    `create function qq_test_refuse_audit() returns trigger language plpgsql as $$
     begin
       if exists (select 1 from qq_test_refused_audit where action = new.action) then
         raise exception 'the test refuses the audit row of %', new.action;
       end if;
       return new;
     end $$`,
    'create trigger qq_test_refuse_audit before insert on audit_log for each row execute function qq_test_refuse_audit()',
  ]) {
    await database.db.execute(sql.raw(statement));
  }
});

afterAll(async () => {
  const { app, database } = await getTestContext();
  for (const statement of [
    'drop trigger if exists qq_test_refuse_audit on audit_log',
    'drop function if exists qq_test_refuse_audit()',
    'drop table if exists qq_test_refused_audit',
  ]) {
    await database.db.execute(sql.raw(statement));
  }
  // The CLI's loads change the campaign behind the app's back, as on a server: the next request reads it again.
  app.ctx.campaign.clear();
  rmSync(outDir, { recursive: true, force: true });
});

describe('every audited action', () => {
  it('has a case from the console for each AUDIT_ACTIONS entry, and one for each CLI command that writes a row', () => {
    const actionsVia = (via: Via) => [...new Set(CASES.filter((c) => c.via === via).map((c) => c.action))].sort();
    expect([...new Set(CASES.map((c) => c.action))].sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(actionsVia('console')).toEqual([...AUDIT_ACTIONS].sort());
    // A command's name is the first word of its case's `what` ("voucher:redeem --override").
    const commands = new Set(CASES.filter((c) => c.via === 'cli').map((c) => c.what.split(' ')[0]!));
    expect([...commands, ...UNAUDITED_COMMANDS].sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  it.each(CASES)('$via $what: no effect without its $action row, and exactly one row with it', async (c) => {
    const { actor, run, effectVisible } = await c.prepare();

    const refused = await refusingAuditOf(c.action, run);
    expect(refused.rows).toEqual([]);
    expect(refused.outcome.ok).toBe(false);
    if (c.via === 'console') {
      expect(refused.outcome.status).toBe(500);
      expect(JSON.parse(refused.outcome.text)).toEqual(said('serverError'));
    }
    expect(await effectVisible(refused.outcome)).toBe(false);

    const done = await newRows(run);
    expect(done.outcome, done.outcome.text).toMatchObject({ ok: !c.refusal });
    expect(done.rows).toEqual([{ action: c.action, actor }]);
    expect(await effectVisible(done.outcome)).toBe(true);
  });

  it('leaves the trail whole: every row sealed in the chain, no invariant broken', async () => {
    const result = await verifyInvariants((await getTestContext()).database.db);
    expect(result.ok, formatVerify(result)).toBe(true);
  });
});

/** Runs the action and returns what it answered with the audit rows it added. */
async function newRows(run: () => Promise<Outcome>) {
  const { database } = await getTestContext();
  const [last] = await database.db.select({ id: max(auditLog.id) }).from(auditLog);
  const outcome = await run();
  const rows = await database.db
    .select({ action: auditLog.action, actor: auditLog.actor })
    .from(auditLog)
    .where(gt(auditLog.id, last?.id ?? 0))
    .orderBy(auditLog.id);
  return { outcome, rows };
}

/** The same, while the database refuses the audit rows of `action`. */
async function refusingAuditOf(action: AuditAction, run: () => Promise<Outcome>) {
  const { database } = await getTestContext();
  await database.db.execute(sql`insert into qq_test_refused_audit (action) values (${action})`);
  try {
    return await newRows(run);
  } finally {
    await database.db.execute(sql`delete from qq_test_refused_audit`);
  }
}

async function consoleCall(
  operator: TestOperator,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: object,
): Promise<Outcome> {
  const { app } = await getTestContext();
  const response = await app.inject({ method, url, headers: { cookie: operator.cookie }, ...(body ? { payload: body } : {}) });
  const status = response.statusCode;
  return { ok: status >= 200 && status < 300, status, text: response.body, type: String(response.headers['content-type']) };
}

/** The names of a checkpoint's kiosks, as the console lists them. */
async function kioskNamesOf(operator: TestOperator, slug: string): Promise<string[]> {
  const list = JSON.parse((await consoleCall(operator, 'GET', '/api/console/kiosks')).text) as {
    checkpoints: { id: string; kiosks: { name: string }[] }[];
  };
  return list.checkpoints.find((c) => c.id === slug)?.kiosks.map((k) => k.name) ?? [];
}

async function signIn(idToken: string): Promise<Outcome> {
  const { app } = await getTestContext();
  const reply = await call(app, 'POST', '/api/auth/console', { body: { idToken }, ip: uniqueIp() });
  return { ok: reply.status === 200, status: reply.status, text: JSON.stringify(reply.body) };
}

/** One decision through the console's batch route; a refused one answers 200 with `ok: false` in its result. */
async function decide(reviewer: TestOperator, attemptId: number, decision: 'approve' | 'reject'): Promise<Outcome> {
  const reason = decision === 'reject' ? { reason: 'Not the task.' } : {};
  const outcome = await consoleCall(reviewer, 'POST', '/api/console/reviews/decisions', {
    decisions: [{ attemptId, decision, ...reason }],
  });
  return { ...outcome, ok: outcome.ok && outcome.text.includes('"ok":true') };
}

/** The command as an operator runs it, on the tests' database; its exports go to `outDir`. */
async function cli(name: string, args: string[], options: Record<string, string | boolean> = {}): Promise<Outcome> {
  const { database, dataDir } = await getTestContext();
  const command = COMMANDS.find((c) => c.name === name)!;
  try {
    const text = await command.run({
      args,
      options,
      env: parseEnv({ DATA_DIR: dataDir }),
      openDb: () => Promise.resolve(database.db),
      cwd: outDir,
    });
    return { ok: true, text };
  } catch (error) {
    return { ok: false, text: String(error) };
  }
}

/** An address with a console role (and no session). */
async function operatorAddress(role: 'reviewer' | 'staff'): Promise<string> {
  const { database } = await getTestContext();
  const email = uniqueEmail('crew');
  await database.db.insert(operators).values({ email, role, addedBy: 'test' });
  return email;
}

async function roleOf(email: string): Promise<string | undefined> {
  const { database } = await getTestContext();
  const [row] = await database.db.select({ role: operators.role }).from(operators).where(eq(operators.email, email));
  return row?.role;
}

async function sessionsOf(email: string): Promise<number> {
  const { database } = await getTestContext();
  const [row] = await database.db.select({ n: count() }).from(consoleSessions).where(eq(consoleSessions.email, email));
  return row?.n ?? 0;
}

/** The banners a visitor sees now. */
async function bannersOf(visitor: TestUser): Promise<string[]> {
  const { body } = await api('GET', '/api/announcements', visitor);
  return (body.announcements as { text: string }[]).map((a) => a.text);
}

async function visitorRow(userId: number) {
  const { database } = await getTestContext();
  const [row] = await database.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** A visitor's text answer on a checkpoint of its own, waiting for review: its attempt id. */
async function textAnswer(): Promise<number> {
  const visitor = await createUser();
  const { slug } = await addCheckpoint({ type: 'Str' });
  expect((await attempt(visitor, slug, 'Quackers')).body).toMatchObject({ outcome: 'submitted' });
  return lastAttemptOf(visitor.id);
}

/** A 1 x 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWP4f4bhPwAHZALL9TQrVQAAAABJRU5ErkJggg==',
  'base64',
);

/** A visitor's photo answer, uploaded as the phone does: its attempt id. */
async function photoAnswer(): Promise<number> {
  const visitor = await createUser();
  const { slug } = await addCheckpoint({ type: 'Upload' });
  const query = new URLSearchParams({
    filetype: 'image/png',
    filename: 'duck.png',
    checkpointId: slug,
    filesize: String(PNG.length),
  });
  const { uploadUrl, key } = (await api('GET', `/api/uploads/url?${query.toString()}`, visitor)).body as Record<string, string>;
  expect((await api('PUT', uploadUrl!, undefined, PNG, { 'content-type': 'image/png' })).status).toBe(200);
  expect((await attempt(visitor, slug, key)).body).toMatchObject({ outcome: 'submitted' });
  return lastAttemptOf(visitor.id);
}

async function lastAttemptOf(userId: number): Promise<number> {
  const { database } = await getTestContext();
  const [row] = await database.db
    .select({ id: attempts.id })
    .from(attempts)
    .where(eq(attempts.userId, userId))
    .orderBy(desc(attempts.id))
    .limit(1);
  return row!.id;
}

async function reviewOf(attemptId: number): Promise<string | null> {
  const { database } = await getTestContext();
  const [row] = await database.db.select({ review: attempts.review }).from(attempts).where(eq(attempts.id, attemptId));
  return row?.review ?? null;
}

async function stockLeft(rewardId: number): Promise<number | undefined> {
  const { database } = await getTestContext();
  const [row] = await database.db.select({ stock: rewards.stock }).from(rewards).where(eq(rewards.id, rewardId));
  return row?.stock;
}

/** A voucher whose visitor was blocked after claiming it. */
async function blockedVisitorsVoucher(): Promise<string> {
  const user = await createUser({ ducks: 10 });
  const { code } = await claimVoucher(user);
  const { database } = await getTestContext();
  await database.db.update(users).set({ blockedAt: new Date(), blockedReason: 'Fraud suspected.' }).where(eq(users.id, user.id));
  return code;
}

async function redeemed(code: string): Promise<boolean> {
  const { database } = await getTestContext();
  const [row] = await database.db.select({ at: claims.redeemedAt }).from(claims).where(eq(claims.voucherCode, code));
  return Boolean(row?.at);
}

async function winnerMailsTo(email: string): Promise<number> {
  const { database } = await getTestContext();
  const [row] = await database.db
    .select({ n: count() })
    .from(mailQueue)
    .where(sql`${mailQueue.recipient} = ${email} and ${mailQueue.kind} = 'winner_notice'`);
  return row?.n ?? 0;
}

async function versionCount(): Promise<number> {
  const { database } = await getTestContext();
  const [row] = await database.db.select({ n: count() }).from(campaignVersions);
  return row?.n ?? 0;
}

async function activeVersion(): Promise<number> {
  const { database } = await getTestContext();
  const [row] = await database.db.select({ version: campaigns.version }).from(campaigns).where(eq(campaigns.active, true));
  return row!.version!;
}
