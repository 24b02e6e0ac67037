// The console's routes (docs/product.md §15).
export const consolePaths = {
  home: '/console',
  review: '/console/review',
  redeem: '/console/redeem',
  participants: '/console/participants',
  participant: (userId: number) => `/console/participants/${userId}`,
} as const;
