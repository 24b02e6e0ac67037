// The review queue's texts (docs/product.md §15).
export const reviewTexts = {
  title: 'Review queue',
  stateLabel: 'State',
  checkpointLabel: 'Checkpoint',
  allCheckpoints: 'All checkpoints',
  typeLabel: 'Answers',
  types: { '': 'Text and photos', Str: 'Text answers', Upload: 'Photos' },
  /** "38 waiting · oldest 12 min · 20 with other reviewers". */
  standing: (waiting: number, oldest: string | null, others: number) =>
    [`${waiting} waiting`, oldest ? `oldest ${oldest}` : '', others ? `${others} with other reviewers` : '']
      .filter(Boolean)
      .join(' · '),
  tally: (n: number) => `You decided ${n} this session.`,
  taken: (n: number) => `${n} taken by someone else.`,
  takenTitle: 'Taken by someone else',
  selectAll: 'Select all',
  states: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
  empty: {
    pending: 'Nothing to review: all caught up.',
    approved: 'No approved answers yet.',
    rejected: 'No rejected answers yet.',
  },
  loadFailed: 'The review queue could not be loaded.',
  tryAgain: 'Try again',
  loadMore: 'Load more',
  select: 'Select',
  approve: 'Approve',
  reject: 'Reject',
  approveSelected: (n: number) => `Approve ${n} selected`,
  rejectSelected: (n: number) => `Reject ${n} selected`,
  clearSelection: 'Clear selection',
  rejectTitle: (n: number) => (n === 1 ? 'Reject this answer' : `Reject ${n} answers`),
  rejectHint: 'The visitor will see the reason.',
  otherReason: 'Another reason',
  rejectWithReason: 'Reject with this reason',
  cancel: 'Cancel',
  notSpun: 'Not spun yet',
  pendingDucks: (ducks: number) => `${ducks} duck${ducks === 1 ? '' : 's'} pending`,
  ducks: (ducks: number) => `${ducks} duck${ducks === 1 ? '' : 's'}`,
  decided: (state: 'approved' | 'rejected', by: string, at: string) =>
    `${state === 'approved' ? 'Approved' : 'Rejected'} by ${by} at ${at}`,
  done: (n: number) => `${n} decided.`,
  failed: (n: number) => `${n} could not be decided.`,
  sendFailed: 'The decisions could not be sent. Nothing was changed; please try again.',
  photoAlt: (checkpoint: string, visitor: string) => `Photo for ${checkpoint} by ${visitor}`,
  shortcuts: 'Keyboard shortcuts',
} as const;
