// The rank as the duck tracker and the headers show it.

/** 'n/total', with the infinity symbol while the total is unknown. */
export function rankText(rank: number | undefined, total: number | undefined): string {
  return `${rank ?? '∞'}/${total ?? '∞'}`;
}
