// The CLI's words for a redeemed voucher; the redemption itself is vouchers/vouchers.ts, as in the console.
import type { Voucher } from '../vouchers/vouchers';

export function formatRedeemedVoucher(v: Voucher): string {
  const overriding = v.redeemOverride
    ? ` The visitor is blocked (${v.blockedReason ?? 'no reason given'}); redeemed anyway: ${v.redeemOverride}.`
    : '';
  return `Redeemed ${v.code}: hand over "${v.item}" to ${v.visitorName} <${v.email}> (claimed ${v.claimedAt.toISOString()}).${overriding}`;
}
