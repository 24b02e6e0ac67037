// Every route of docs/product.md §2, in one place.
export const paths = {
  welcome: '/',
  signup: '/signup',
  signupGoogle: '/signup-google',
  login: '/login',
  checkpoints: '/checkpoints',
  checkpoint: (checkpointId: string) => `/checkpoint?id=${encodeURIComponent(checkpointId)}`,
  congrats: '/congrats',
  spin: '/spin',
  leaderboard: '/leaderboard',
  rewards: '/rewards',
  myRewards: '/my-rewards',
  rewardDetail: '/reward-detail',
  wheelCheck: '/wheel-check',
} as const;
