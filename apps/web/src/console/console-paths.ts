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
  participant: (userId: number) => `/console/participants/${userId}`,
} as const;
