// The CLI's words for a redeemed voucher; the redemption itself is vouchers/vouchers.ts, as in the console.
import { formatZoned } from '../text/time';
import type { Voucher } from '../vouchers/vouchers';

/** Times in `timeZone` (the campaign's) with their offset. */
export function formatRedeemedVoucher(v: Voucher, timeZone: string): string {
  const overriding = v.redeemOverride
    ? ` The visitor is blocked (${v.blockedReason ?? 'no reason given'}); redeemed anyway: ${v.redeemOverride}.`
    : '';
  return `Redeemed ${v.code}: hand over "${v.item}" to ${v.visitorName} <${v.email}> (claimed ${formatZoned(v.claimedAt, timeZone)}).${overriding}`;
}
