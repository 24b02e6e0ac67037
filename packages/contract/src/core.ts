// The contract without zod: constants, user-facing messages, the claim refusals and the API's types.
// The web app imports from here (`@quackquest/contract/core`) so zod stays out of its first screen
// (decision 006); the package root (index.ts) adds the zod schemas the server validates with.
export * from './claim-refusals';
export * from './constants';
export * from './languages';
export * from './messages';
// The coded sentences' table (errors.ts) is its own entry, `@quackquest/contract/errors`, so the web app's first
// screen, which never writes one itself, does not carry it (decision 048); its types come from here.
export type { ApiErrorBody, ErrorCode, ErrorParams, Said, TextCode } from './errors';
export * from './sign-in-errors';
// Types only: erased at build time, so they bring no zod with them.
export type {
  AttemptBody,
  AttemptOutcome,
  AttemptResult,
  AuthResult,
  Campaign,
  CampaignScreens,
  Checkpoint,
  CheckpointType,
  ClaimResult,
  AuditRow,
  CampaignPage,
  CampaignPlan,
  CampaignRenames,
  CampaignVersion,
  ConsoleAnnouncement,
  KioskList,
  KioskState,
  StartKioskBody,
  StartedKiosk,
  ConsoleVoucher,
  NewAnnouncement,
  NotifyWinnersBody,
  NotifyWinnersResult,
  OperatorRow,
  Dashboard,
  Leaderboard,
  Me,
  Notice,
  NoticeList,
  Participant,
  ParticipantSearch,
  ParticipantSummary,
  Profile,
  Reward,
  RewardStock,
  PendingSignup,
  Reminders,
  ReviewDecisionsBody,
  ReviewDecisionsResult,
  ReviewItem,
  ReviewLease,
  ReviewList,
  ReviewUndoResult,
  SignupBody,
  SpinResult,
  SpinStatus,
  VisitorAnnouncement,
  Winner,
  WinnersList,
  WheelDay,
  WheelDays,
  WheelSpins,
} from './index';
