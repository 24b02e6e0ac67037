// The voucher screen's texts (docs/product.md §15). The server's refusals (no such voucher, already
// redeemed) come in its answers; "Already redeemed by" is the contract's (consoleMessages), shared with them.
export const redeemTexts = {
  title: 'Redeem a voucher',
  scan: 'Scan voucher',
  or: 'or type the code',
  codeLabel: 'Voucher code',
  lookUp: 'Look up',
  lookingUp: 'Looking up...',
  emptyCode: 'Type the code under the QR code.',
  lookUpFailed: 'The voucher could not be looked up. Please try again.',
  reward: 'Reward',
  visitor: 'Visitor',
  claimed: 'Claimed',
  code: 'Code',
  redeem: 'Redeem',
  redeeming: 'Redeeming...',
  redeemFailed: 'The voucher could not be redeemed. Please try again.',
  toHandOut: 'Not redeemed yet: hand out the reward, then tap Redeem.',
  redeemedNow: 'Redeemed. Hand out the reward.',
  next: 'Next voucher',
} as const;
