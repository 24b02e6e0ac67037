// The audit trail (decision 019): one row per operator action, written in the same transaction as the action,
// so an action is never without its row nor a row without its action. Rows are only ever inserted: the
// database itself refuses UPDATE and DELETE (migration 0008).
import type { AUDIT_ACTIONS } from '@quackquest/contract';
import { type SQL, and, desc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, claims } from '../db/schema';

/** Who did it: an operator's e-mail, or CLI_ACTOR for the command line. */
export const CLI_ACTOR = 'cli';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  actor: string;
  action: AuditAction;
  subject?: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export type AuditRow = typeof auditLog.$inferSelect;

export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Newest first; `before` is the id of the last row of the previous page; `action` and `actor` filter exactly.
 * `user` keeps the rows that concern one visitor (issue 32 part 6): their profile, ducks, blocks, notices, the reviews
 * of their answers and the views of their photos (subject "attempt N (user:ID...)"), and their vouchers (subject
 * "claim:N", a claim of theirs). `reward` keeps its stock changes and the redemptions of its vouchers.
 */
export async function listAudit(
  db: DbOrTx,
  page: { limit: number; before?: number; action?: string; actor?: string; user?: number; reward?: number },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        page.before === undefined ? undefined : lt(auditLog.id, page.before),
        page.action === undefined ? undefined : eq(auditLog.action, page.action),
        page.actor === undefined ? undefined : eq(auditLog.actor, page.actor.toLowerCase()),
        page.user === undefined ? undefined : concerningUser(page.user),
        page.reward === undefined ? undefined : concerningReward(page.reward),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(page.limit);
}

function concerningUser(userId: number): SQL {
  const id = Math.trunc(userId);
  return or(
    eq(auditLog.subject, `user:${id}`),
    like(auditLog.subject, `attempt % (user:${id},%`),
    like(auditLog.subject, `attempt % (user:${id})`),
    inArray(auditLog.subject, claimSubjects(sql`${claims.userId} = ${id}`)),
  )!;
}

function concerningReward(rewardId: number): SQL {
  const id = Math.trunc(rewardId);
  return or(eq(auditLog.subject, `reward:${id}`), inArray(auditLog.subject, claimSubjects(sql`${claims.rewardId} = ${id}`)))!;
}

/** The audit subjects of the claims that match: "claim:N". */
const claimSubjects = (where: SQL) => sql`(select 'claim:' || ${claims.id} from ${claims} where ${where})`;
