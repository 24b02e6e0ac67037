// A moment as the crew read their clocks: in the active campaign's time zone, for the sentences operators are told
// ("Already redeemed by ... at 2026-11-23 18:04 (Asia/Singapore)").
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

/** "2026-11-23 18:04 (Asia/Singapore)": the time as the crew on board read their clocks. */
export async function formatCampaignTime(db: DbOrTx, instant: Date): Promise<string> {
  const [row] = await queryRows<{ zone: string | null }>(
    db,
    sql`select info ->> 'timeZone' as zone from campaigns where active limit 1`,
  );
  const timeZone = row?.zone ?? 'UTC';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} (${timeZone})`;
}
