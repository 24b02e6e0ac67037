// The helpdesk's texts (docs/product.md §15). The server's refusals come in its answers (consoleMessages).
import { ERASE_CONFIRMATION, PARTICIPANT_ADJUST_MAX } from '../console-types';

export const participantsTexts = {
  title: 'Participants',
  searchLabel: 'Search by e-mail, name, phone, Instagram or voucher code',
  search: 'Search',
  searching: 'Searching...',
  newest: 'Newest visitors',
  results: (n: number, q: string) => (n === 1 ? `1 visitor for "${q}"` : `${n} visitors for "${q}"`),
  noResults: (q: string) => `No visitor matches "${q}".`,
  searchFailed: 'The search failed. Please try again.',
  ducks: (n: number) => `${n} ducks`,
  blocked: 'Blocked',
  erased: 'Erased',
  back: 'Back to the search',
  loadFailed: 'This visitor could not be loaded.',
  tryAgain: 'Try again',
  profile: 'Profile',
  email: 'E-mail',
  phone: 'Phone',
  instagram: 'Instagram',
  joined: 'Signed up',
  ducksLabel: 'Ducks',
  pendingLabel: 'Ducks pending',
  state: 'State',
  active: 'Active',
  blockedBecause: (reason: string, at: string) => `Blocked at ${at}: "${reason}"`,
  erasedAt: (at: string) => `Personal data erased at ${at}. Nothing more can be changed.`,
  adjustTitle: 'Adjust ducks',
  amountLabel: 'Amount (negative to take away)',
  reasonLabel: 'Reason',
  adjust: 'Adjust ducks',
  adjusting: 'Adjusting...',
  adjusted: (amount: number, ducks: number) =>
    `${amount > 0 ? `Added ${amount}` : `Took away ${-amount}`} ducks. The balance is now ${ducks}.`,
  amountInvalid: `Type a whole number of ducks other than 0, at most ${PARTICIPANT_ADJUST_MAX.toLocaleString('en')} either way.`,
  reasonMissing: 'Type a reason: it goes into the audit trail.',
  blockTitle: 'Block',
  blockHint: 'A blocked visitor is signed out at once, cannot sign in, spin or claim, and leaves the leaderboard.',
  block: 'Block',
  blocking: 'Blocking...',
  unblock: 'Unblock',
  unblocking: 'Unblocking...',
  blockedNow: 'Blocked. The visitor was signed out.',
  unblockedNow: 'Unblocked. The visitor can sign in and play again.',
  eraseTitle: 'Erase personal data',
  eraseHint:
    'For a visitor who asks to have their personal data deleted (PDPA). Their ducks, claims and vouchers stay, without their name.',
  erase: 'Erase personal data',
  eraseDialogTitle: 'Erase this personal data?',
  eraseConsequence:
    'The name, e-mail, phone, Instagram handle, text answers and photos are deleted for good, and the visitor can never sign in to this account again. This cannot be undone.',
  eraseTypeLabel: `Type ${ERASE_CONFIRMATION} to confirm`,
  eraseConfirm: 'Erase for good',
  erasing: 'Erasing...',
  erasedNow: 'The personal data was erased.',
  cancel: 'Cancel',
  actionFailed: 'That did not work. Please try again.',
  attemptsTitle: 'Answers',
  noAttempts: 'No answers yet.',
  photo: (title: string) => `Photo for ${title}`,
  noPhoto: 'Photo deleted',
  ledgerTitle: 'Ledger',
  noLedger: 'No duck changes yet.',
  /** A ledger row in words (issue 32 part 6): a pending row is ducks waiting for a reviewer, not counted yet. */
  ledgerWords: (row: { kind: string; posted: boolean; amount: number; item: string | null }): string => {
    switch (row.kind) {
      case 'spin':
        return row.posted ? 'Won on the wheel' : 'Won on the wheel, waiting for a reviewer';
      case 'review-approve':
        return row.posted ? 'Answer approved: the ducks count' : 'Answer approved: no longer waiting for a reviewer';
      case 'review-reject':
        return row.posted ? 'Answer rejected: ducks taken back' : 'Answer rejected: the ducks waiting are withdrawn';
      case 'review-undo':
        return row.posted ? 'Approval undone: ducks taken back' : 'Approval undone: waiting for a reviewer again';
      case 'claim':
        return row.item ? `Spent on ${row.item}` : 'Spent on a reward';
      case 'adjustment':
        return row.amount > 0 ? 'Given by the crew' : 'Taken away by the crew';
      default:
        return row.kind;
    }
  },
  auditOf: 'Audit trail of this visitor',
  claimsTitle: 'Rewards and vouchers',
  noClaims: 'No rewards claimed yet.',
  redeemedBy: (by: string, at: string) => `Redeemed by ${by} at ${at}`,
  notRedeemed: 'Not redeemed yet',
} as const;
