// User-facing texts that both the server and the web app send or show, exactly as SPEC.md words them.

export const messages = {
  maxAttempts: (maxAttempts: number) =>
    `You have reached the maximum attempts for this checkpoint (${maxAttempts}). Please try a different checkpoint.`,
  spinWithoutCheckpoint: 'You need to complete a checkpoint before spinning!',
  rewardNotAvailable: 'This reward is not available at this time.',
  rewardSoldOut: 'Limit for this reward is reached.',
  notEnoughDucks: (price: number, ducks: number) =>
    `You need ${price} ducks to claim this reward. You currently have ${ducks} ducks.`,
  strEmpty: 'Please enter some text before submitting!',
  mcqEmpty: 'Please select at least one answer before submitting!',
  uploadMissing: 'Please select an image file before uploading!',
  notLoggedIn: 'Please log in to continue.',
} as const;

export function duckPointsText(points: number): string {
  return `${points} Duck Point(s)`;
}
