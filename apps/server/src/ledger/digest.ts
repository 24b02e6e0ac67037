// A day's digest of the ledger (decision 079): SHA-256 over every visitor's last link written before the day's end in
// the campaign's zone, in visitor order, with the audit trail's seal at that moment. The prize committee keeps the
// line `ops ledger:digest` prints each day; the same command run later for the same day prints the same digest
// unless a row written by then was changed or removed (even a visitor's last, which no later link covers).
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';
import { addDays, dayStart } from '../text/time';

export interface LedgerDigest {
  day: string;
  /** Unix seconds: the day's end in the campaign's zone. */
  until: number;
  visitors: number;
  rows: number;
  digest: string;
  /** The audit chain's last seal of a row written before the day's end. */
  audit: { seq: number; hash: string };
}

export async function ledgerDigest(db: DbOrTx, day: string, timeZone: string): Promise<LedgerDigest> {
  const until = dayStart(addDays(day, 1), timeZone);
  const end = new Date(until * 1000).toISOString();
  const [chains] = await queryRows<{ visitors: number; rows: string; digest: string }>(
    db,
    sql`select count(*)::int as visitors, coalesce(sum(seq), 0) as rows,
               encode(sha256(convert_to(coalesce(string_agg(user_id || ':' || seq || ':' || hash, ',' order by user_id), ''), 'UTF8')), 'hex') as digest
        from (select distinct on (user_id) user_id, seq, hash from ledger
              where created_at < ${end}::timestamptz order by user_id, seq desc) last_links`,
  );
  const [seal] = await queryRows<{ seq: string; hash: string }>(
    db,
    sql`select s.seq, s.hash from audit_seals s join audit_log a on a.id = s.audit_id
        where a.at < ${end}::timestamptz order by s.seq desc limit 1`,
  );
  return {
    day,
    until,
    visitors: chains?.visitors ?? 0,
    rows: Number(chains?.rows ?? 0),
    digest: chains?.digest ?? '',
    audit: { seq: Number(seal?.seq ?? 0), hash: seal?.hash ?? repeat0 },
  };
}

const repeat0 = '0'.repeat(64);

export function formatDigest(result: LedgerDigest, timeZone: string): string {
  const end = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone, timeZoneName: 'short' });
  return [
    `Ledger to the end of ${result.day} (${end.format(new Date(result.until * 1000))}): ${result.rows} rows of ${result.visitors} visitors`,
    `digest ${result.digest}`,
    `audit trail then: #${result.audit.seq} ${result.audit.hash}`,
  ].join('\n');
}
