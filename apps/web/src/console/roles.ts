// Which console screens each role opens (docs/product.md §15, decision 019). The server checks the role on
// every call; this only decides what the navigation offers.
import type { Role } from './console-types';
import { consolePaths } from './console-paths';

export interface ConsoleScreen {
  path: string;
  label: string;
  /** What the screen is for, on the console's home. */
  hint: string;
}

const review: ConsoleScreen = {
  path: consolePaths.review,
  label: 'Review',
  hint: 'Approve or reject text answers and photos.',
};
const redeem: ConsoleScreen = {
  path: consolePaths.redeem,
  label: 'Redeem',
  hint: "Scan or type a visitor's voucher and hand out the reward.",
};

const participants: ConsoleScreen = {
  path: consolePaths.participants,
  label: 'Participants',
  hint: 'Find a visitor, adjust their ducks, block them or erase their personal data.',
};

const exportsScreen: ConsoleScreen = {
  path: consolePaths.exports,
  label: 'Exports',
  hint: 'Download the leaderboard and the claims as CSV, and e-mail the winners.',
};
const operators: ConsoleScreen = {
  path: consolePaths.operators,
  label: 'Operators',
  hint: 'Add crew to the console, change their role or remove them.',
};
const audit: ConsoleScreen = {
  path: consolePaths.audit,
  label: 'Audit trail',
  hint: 'Who did what and when in the console and the command line.',
};

const campaign: ConsoleScreen = {
  path: consolePaths.campaign,
  label: 'Campaign',
  hint: 'See what a pack would change, load it, or restore an earlier version.',
};

const announcements: ConsoleScreen = {
  path: consolePaths.announcements,
  label: 'Announcements',
  hint: 'Tell visitors something in the app, and by push or e-mail to those who turned reminders on.',
};

const kiosks: ConsoleScreen = {
  path: consolePaths.kiosks,
  label: 'Kiosks',
  hint: "Show a checkpoint's rotating code on a tablet at its booth, or turn a kiosk off.",
};

const dashboard: ConsoleScreen = {
  path: consolePaths.dashboard,
  label: 'Live numbers',
  hint: 'Visitors, answers, reviews waiting, stock and claims, as they happen.',
};

// The dashboard is the admins' (decision 021): reviewers and staff have their queue and their vouchers.
const screensByRole: Record<Role, ConsoleScreen[]> = {
  admin: [dashboard, review, redeem, participants, announcements, kiosks, exportsScreen, operators, audit, campaign],
  reviewer: [review],
  staff: [redeem, kiosks],
};

export function screensFor(role: Role): ConsoleScreen[] {
  return screensByRole[role];
}

export function mayOpen(role: Role, path: string): boolean {
  return screensFor(role).some((screen) => screen.path === path);
}

export const roleLabels: Record<Role, string> = { admin: 'Admin', reviewer: 'Reviewer', staff: 'Staff' };
