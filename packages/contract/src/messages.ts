// User-facing texts that both the server and the web app send or show, exactly as docs/product.md §7 quotes them.
import { PARTICIPANT_ADJUST_MAX, SIGNIN_CODE_DIGITS, STOCK_CHANGE_MAX } from './constants';

export const messages = {
  maxAttempts: ({ maxAttempts }: { maxAttempts: number }) =>
    `You have reached the maximum attempts for this checkpoint (${maxAttempts}). Please try a different checkpoint.`,
  checkpointLocked: 'This checkpoint is not unlocked yet.',
  spinWithoutCheckpoint: 'You need to complete a checkpoint before spinning!',
  rewardNotFound: 'Reward not found.',
  rewardNotAvailable: 'This reward is not available at this time.',
  rewardSoldOut: 'Limit for this reward is reached.',
  rewardOwnersOnly: 'This reward is for cabin owners only.',
  rewardNonOwnersOnly: 'This reward is for visitors who do not have a cabin yet.',
  rewardLimitReached: 'You have already claimed this reward as many times as allowed.',
  notEnoughDucks: ({ price, ducks }: { price: number; ducks: number }) =>
    `You need ${price} ducks to claim this reward. You currently have ${ducks} ducks.`,
  strEmpty: 'Please enter some text before submitting!',
  mcqEmpty: 'Please select at least one answer before submitting!',
  /** A typed code (decision 029). */
  typedCodeEmpty: 'Please type the code printed under the QR code.',
  typedCodeInvalid: 'Invalid code. Check the code under the QR code and try again.',
  uploadMissing: 'Please select an image file before uploading!',
  uploadType: 'Only JPEG, PNG, WebP, GIF or HEIC images can be uploaded.',
  notLoggedIn: 'Please log in to continue.',
  /** A blocked visitor's sign-in, spin or claim (docs/product.md §9, decision 020). */
  accountBlocked: 'This account is blocked. Please contact the organisers.',
} as const;

/** Sign-in and sign-up texts of docs/product.md §6 and §7.1. */
export const authMessages = {
  emailMissing: 'Please enter your email address',
  termsRequired: 'Please accept the terms and conditions',
  emailAndNameRequired: 'Email and full name are required',
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  instagramRequired: 'Instagram handle is required',
  userNotFound: 'User not found',
  userExists: 'User already exists',
  linkSent: "Check your email! We've sent you a magic link to sign in securely.",
  linkUsed: 'This sign-in link has already been used. Please request a new one.',
  linkExpired: 'This sign-in link has expired. Please request a new one.',
  linkInvalid: 'This sign-in link is not valid. Please request a new one.',
  codeWrong: 'That code is not right. Please check the e-mail and try again.',
  codeUsed: 'This code has already been used. Please request a new one.',
  codeLength: `The code has ${SIGNIN_CODE_DIGITS} digits.`,
  tooManyCodes: 'Too many wrong codes were entered for this address. Please open the link in the e-mail instead.',
  tooManyLinks: 'Too many sign-in e-mails were requested. Please wait a few minutes and try again.',
  /** A request without the browser's binding, while many came from its network (decision 058): the app binds and asks again. */
  linkAskAgain: 'Please ask again from the sign-in page: this browser was not ready yet.',
  /** Its network asked for more sign-in e-mails this minute than a network gets (decision 058). */
  manySigningIn: 'Many people on your network are signing in right now. Please try again in a minute.',
  /** The e-mail would wait so long that its link would arrive nearly spent (decision 058). */
  mailRunningLate:
    'Sign-in e-mails are running late right now: yours would arrive too late to use. Please try again in a few minutes.',
  tokenInvalid: 'Your sign-in could not be verified. Please sign in again.',
  tokenEmailMismatch: 'This sign-in belongs to another e-mail address. Please sign in again.',
  tokenOtherBrowser: 'This sign-in was started in another browser. Please sign in again here.',
  tokenUsed: 'This sign-in has already been used. Please sign in again.',
  checkForm: 'Please check the form and try again.',
  googleNotConfigured: 'Google sign-in is not available on this server. Please use "Use another way to sign in".',
  googleFailed: 'Google sign-in failed.',
} as const;

export function duckPointsText(points: number): string {
  return `${points} Duck Point(s)`;
}

/** The operator console's refusals (docs/product.md §14, decision 019). */
export const consoleMessages = {
  announcementEnglishMissing: 'Write the announcement in English: visitors without their own language read it.',
  signInRequired: 'Please sign in to the console.',
  noRole: 'This address has no role in the console. Ask an admin to add you.',
  visitorRefused: 'The console is for the crew: your visitor account has no role in it.',
  roleRefused: 'Your role does not allow this. Ask an admin.',
  voucherNotFound: 'No voucher has this code. Check the code and try again.',
  alreadyRedeemed: ({ by, at }: { by: string; at: string }) => `Already redeemed by ${by} at ${at}.`,
  /** A blocked visitor's voucher (issue 32 part 1): `reason` is the admin's reason for the block. */
  voucherOwnerBlocked: ({ reason }: { reason: string }) =>
    `Do not hand out this reward: the visitor is blocked (${reason}). Only an admin can redeem it, with a reason.`,
  alreadyDecided: ({ state, by, at }: { state: string; by: string; at: string }) => `Already ${state} by ${by} at ${at}.`,
  reviewHeld: ({ by, until }: { by: string; until: string }) =>
    `${by} is reviewing this answer until ${until}: it is theirs to decide.`,
  notDecided: 'This answer is waiting for a decision: there is nothing to undo.',
  undoOthers: ({ by }: { by: string }) => `Only ${by}, who decided this answer, or an admin can undo the decision.`,
  /** `window`: "2 minutes". */
  undoExpired: ({ at, window }: { at: string; window: string }) =>
    `This answer was decided at ${at}; a decision can be undone for ${window} only. To correct it now, an admin can adjust the visitor's ducks in Participants.`,
  undoAnsweredAgain:
    'The visitor has answered this checkpoint again since the rejection, so it cannot be undone: review the new answer instead.',
  undoSpent: ({ ducks, balance }: { ducks: number; balance: number }) =>
    `The visitor has spent ducks since: undoing would take back ${ducks} of their ${balance}. To correct it, an admin can adjust their ducks in Participants.`,
  selfReview: 'This is your own answer as a visitor: another reviewer must decide it.',
  selfAdjust: 'This is your own visitor account: another admin must change its ducks.',
  participantNotFound: 'No visitor has this id.',
  participantErased: "This visitor's personal data was erased: nothing more can be changed.",
  adjustNegative: ({ ducks }: { ducks: number }) =>
    `This would make the balance negative: the visitor has ${ducks} ducks. Take at most ${ducks}.`,
  adjustAmount: `The amount must be a whole number from -${PARTICIPANT_ADJUST_MAX} to ${PARTICIPANT_ADJUST_MAX}, not 0.`,
  reasonRequired: 'A reason is required.',
  /** Notifying winners before the campaign's end (issue 32 part 3): `end` in the campaign's time zone, in words. */
  winnersBeforeEnd: ({ end }: { end: string }) =>
    `The campaign runs until ${end}: the standings can still change. To notify winners now, give a reason.`,
  stockAmount: `The amount must be a whole number from -${STOCK_CHANGE_MAX.toLocaleString('en')} to ${STOCK_CHANGE_MAX.toLocaleString('en')}, not 0.`,
  stockBelowZero: ({ left }: { left: number }) => `Only ${left} left to claim: take away at most ${left}.`,
  alreadyBlocked: 'This visitor is already blocked.',
  notBlocked: 'This visitor is not blocked.',
  eraseConfirm: 'Type ERASE to confirm the erasure.',
} as const;
