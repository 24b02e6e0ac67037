// The CLI's words for a redeemed voucher; the redemption itself is vouchers/vouchers.ts, as in the console.
import type { Voucher } from '../vouchers/vouchers';

export function formatRedeemedVoucher(v: Voucher): string {
  return `Redeemed ${v.code}: hand over "${v.item}" to ${v.visitorName} <${v.email}> (claimed ${v.claimedAt.toISOString()}).`;
}
