// Redirect delays of docs/product.md §8.
export const redirectDelayMs = {
  upload: 1000,
  validScan: 1500,
  correctMcq: 1500,
  strSubmit: 1500,
} as const;
