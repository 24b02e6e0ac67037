// The console's routes (docs/product.md §15).
export const consolePaths = {
  home: '/console',
  review: '/console/review',
  redeem: '/console/redeem',
  dashboard: '/console/dashboard',
} as const;
