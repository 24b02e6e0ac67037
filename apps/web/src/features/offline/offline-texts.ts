// Every visitor-facing text of playing without a signal (decision 036), in one place for translation.

export const offlineTexts = {
  /** The checkpoint's row and screen while its answer is kept on the phone. */
  waiting: 'Waiting for signal',
  /** Under "Waiting for signal" on the checkpoint's screen. */
  waitingDetail: 'No signal here. Your answer is saved on this phone and will be sent as soon as you are back online.',
  /** The spin screen while offline: the server chooses the ducks, so the wheel needs it. */
  spinOffline: 'Spin when you are back online.',
  /** A kept answer reached the server and completed its checkpoint. */
  sent: (title: string) => `Your answer to "${title}" was sent.`,
  /** A kept answer reached the server and was not right (a wrong code or a wrong choice). */
  sentNotRight: (title: string) => `Your answer to "${title}" was sent, but it was not right.`,
  /** A kept answer the server refused, with its reason (for instance "This checkpoint has ended."). */
  refused: (title: string, reason: string) => `Your answer to "${title}" could not be counted. ${reason}`,
} as const;
