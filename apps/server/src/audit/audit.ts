// The audit trail (decision 019): one row per operator action, written in the same transaction as the action,
// so an action is never without its row nor a row without its action. Rows are only ever inserted: the
// database itself refuses UPDATE and DELETE (migration 0008).
import type { AUDIT_ACTIONS } from '@quackquest/contract';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

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

/** Newest first; `before` is the id of the last row of the previous page; `action` and `actor` filter exactly. */
export async function listAudit(
  db: DbOrTx,
  page: { limit: number; before?: number; action?: string; actor?: string },
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        page.before === undefined ? undefined : lt(auditLog.id, page.before),
        page.action === undefined ? undefined : eq(auditLog.action, page.action),
        page.actor === undefined ? undefined : eq(auditLog.actor, page.actor.toLowerCase()),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(page.limit);
}
