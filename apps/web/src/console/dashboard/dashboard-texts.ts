// The live numbers' texts (docs/product.md §15).
export const dashboardTexts = {
  title: 'Live numbers',
  visitors: 'Visitors',
  registered: 'Registered',
  today: 'Today',
  active: 'Active in the last 15 minutes',
  reviews: 'Reviews waiting',
  waiting: 'Waiting',
  oldest: 'Oldest waiting',
  nothingWaiting: 'none',
  ducks: 'Ducks awarded',
  posted: 'Posted',
  pending: 'Pending review',
  claims: 'Claims',
  total: 'Total',
  redemptions: 'Handed out',
  checkpoints: 'Completions per checkpoint',
  checkpoint: 'Checkpoint',
  completions: 'Completed',
  rewards: 'Stock per reward',
  reward: 'Reward',
  stockLeft: 'Left',
  claimed: 'Claimed',
  redeemed: 'Handed out',
  loading: 'Loading the numbers...',
  loadFailed: 'The numbers could not be loaded.',
  tryAgain: 'Try again',
  updated: (time: string) => `Updated ${time}`,
  refreshFailed: (message: string, time: string) => `Could not refresh: ${message} Showing the numbers of ${time}.`,
  refreshNote: 'Refreshes every 10 seconds while this tab is open.',
  checkpointsAsOf: (time: string) => `Counted at ${time}; read again every 30 seconds or so.`,
} as const;

/** "under a minute", "12 min", "2 h 5 min". */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
