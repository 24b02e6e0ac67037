// The audit trail (decision 019): one row per operator action, written in the same transaction as the action,
// so an action is never without its row nor a row without its action. Rows are only ever inserted: the
// database itself refuses UPDATE and DELETE (migration 0008).
import { desc, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/** Who did it: an operator's e-mail, or CLI_ACTOR for the command line. */
export const CLI_ACTOR = 'cli';

export type AuditAction =
  | 'console.sign_in'
  | 'console.sign_out'
  | 'operator.add'
  | 'operator.change_role'
  | 'operator.remove'
  | 'audit.export'
  | 'review.approve'
  | 'review.reject'
  | 'voucher.redeem'
  | 'participant.adjust_ducks'
  | 'participant.block'
  | 'participant.unblock'
  | 'participant.erase';

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

/** Newest first; `before` is the id of the last row of the previous page. */
export async function listAudit(db: DbOrTx, page: { limit: number; before?: number }): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(page.before === undefined ? undefined : lt(auditLog.id, page.before))
    .orderBy(desc(auditLog.id))
    .limit(page.limit);
}
