// The console's routes (docs/product.md §15).
export const consolePaths = {
  home: '/console',
  review: '/console/review',
  redeem: '/console/redeem',
  exports: '/console/exports',
  operators: '/console/operators',
  audit: '/console/audit',
  dashboard: '/console/dashboard',
} as const;
