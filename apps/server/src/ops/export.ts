// export:leaderboard and export:claims: CSV files for the operator's spreadsheet.
import { asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { claims, rewards, users } from '../db/schema';
import { toCsv } from './csv';

export const LEADERBOARD_COLUMNS = ['rank', 'email', 'full_name', 'ducks', 'pending_ducks', 'cabin_owner', 'reached_at'];
export const CLAIMS_COLUMNS = ['claimed_at', 'email', 'full_name', 'item', 'price', 'voucher_code', 'redeemed_at'];

/**
 * Every ranked user in leaderboard order (as users/ranking.ts ranks them): ducks desc, reached first, then id.
 * Blocked visitors are ranked nowhere, here neither (decision 020): prizes are given from this list.
 */
export async function exportLeaderboard(db: Db): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select()
    .from(users)
    .where(isNull(users.blockedAt))
    .orderBy(desc(users.ducks), asc(users.ducksAt), asc(users.id));
  const csv = toCsv(
    LEADERBOARD_COLUMNS,
    rows.map((u, i) => [i + 1, u.email, u.fullName, u.ducks, u.pendingDucks, u.cabinOwner ? 'yes' : 'no', u.ducksAt]),
  );
  return { csv, rows: rows.length };
}

/** Every claim, oldest first, with its voucher and whether it was redeemed on board. */
export async function exportClaims(db: Db): Promise<{ csv: string; rows: number }> {
  const rows = await db
    .select({
      claimedAt: claims.createdAt,
      email: users.email,
      fullName: users.fullName,
      item: rewards.item,
      price: claims.price,
      voucherCode: claims.voucherCode,
      redeemedAt: claims.redeemedAt,
    })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .innerJoin(rewards, eq(rewards.id, claims.rewardId))
    .orderBy(asc(claims.createdAt), asc(claims.id));
  const csv = toCsv(
    CLAIMS_COLUMNS,
    rows.map((c) => [c.claimedAt, c.email, c.fullName, c.item, c.price, c.voucherCode, c.redeemedAt]),
  );
  return { csv, rows: rows.length };
}
