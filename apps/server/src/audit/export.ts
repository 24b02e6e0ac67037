// POST /api/console/audit.csv: the whole trail as CSV, with the CSV writer of text/csv.ts (formula cells neutralised,
// decision 018). The export is itself an action: its row is written before the rows are read, so the file
// includes the export that made it.
import type { Db } from '../db/client';
import { formatZoned } from '../text/time';
import { toCsv } from '../text/csv';
import { type AuditRow, listAudit, recordAudit } from './audit';

const HEADER = ['id', 'at', 'actor', 'action', 'subject', 'before', 'after'] as const;
/** Far more rows than a festival's crew writes; the newest this many if ever there were more. */
const EXPORT_MAX_ROWS = 100_000;

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** `timeZone`: the campaign's; each row's time is written in it, with its offset. */
export async function exportAudit(db: Db, actor: string, at: Date, timeZone: string): Promise<string> {
  return db.transaction(async (tx) => {
    await recordAudit(tx, { actor, action: 'audit.export', subject: 'audit.csv', at });
    const rows: AuditRow[] = await listAudit(tx, { limit: EXPORT_MAX_ROWS });
    return toCsv(
      HEADER,
      rows.map((row) => [
        row.id,
        formatZoned(row.at, timeZone),
        row.actor,
        row.action,
        row.subject,
        json(row.before),
        json(row.after),
      ]),
    );
  });
}
