// The console's routes (docs/product.md §15).
export const consolePaths = {
  home: '/console',
  review: '/console/review',
  redeem: '/console/redeem',
  exports: '/console/exports',
  operators: '/console/operators',
  audit: '/console/audit',
  campaign: '/console/campaign',
  dashboard: '/console/dashboard',
  participants: '/console/participants',
  announcements: '/console/announcements',
  kiosks: '/console/kiosks',
  /** A tablet's full screen, outside the console's layout and session (decision 083). */
  kiosk: '/console/kiosk',
  participant: (userId: number) => `/console/participants/${userId}`,
  /** The audit trail of what concerns one visitor, or one reward (issue 32 part 6). */
  auditOf: (about: { user: number } | { reward: number }) =>
    'user' in about ? `/console/audit?user=${about.user}` : `/console/audit?reward=${about.reward}`,
} as const;
