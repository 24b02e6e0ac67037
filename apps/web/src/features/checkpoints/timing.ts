// Redirect delays of docs/product.md §8.
export const redirectDelayMs = {
  upload: 1000,
  validScan: 1500,
  correctMcq: 1500,
  strSubmit: 1500,
  incorrectMcq: 2000,
} as const;

/** Str answers: at most 10 characters (STR_MAX_LENGTH of the contract). */
export const STR_MAX_LENGTH = 10;
