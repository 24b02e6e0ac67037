import { AUDIT_ACTIONS } from '@quackquest/contract/core';
import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-words';

describe('auditSentence', () => {
  it.each([
    ['participant.adjust_ducks', { ducks: 5 }, { ducks: 9, amount: 4, reason: 'Lost photo' }, 'Ducks 5 → 9 (+4): Lost photo'],
    [
      'participant.block',
      { blocked: false },
      { blocked: true, reason: 'Two accounts', sessionsEnded: 2 },
      'Blocked: Two accounts; 2 sessions ended',
    ],
    [
      'participant.unblock',
      { blocked: true, reason: 'Two accounts' },
      { blocked: false },
      'Unblocked (was blocked: Two accounts)',
    ],
    ['review.approve', { review: 'pending' }, { review: 'approved', ducks: 3, spin: 'posted' }, 'Answer approved (3 ducks)'],
    [
      'review.reject',
      { review: 'pending' },
      { review: 'rejected', reason: 'Not the task', ducks: 0 },
      'Answer rejected: Not the task',
    ],
    [
      'review.undo',
      { review: 'approved', decidedBy: 'rev@crew.example' },
      { review: 'pending' },
      'Decision undone (was approved by rev@crew.example); waiting for a reviewer again',
    ],
    ['voucher.redeem', { redeemedAt: null }, { redeemedBy: 'staff@x' }, 'Voucher handed over'],
    [
      'voucher.redeem',
      null,
      { override: 'Announced on stage', blockedReason: 'Fraud' },
      'Voucher handed over to a blocked visitor: Announced on stage',
    ],
    [
      'voucher.redeem_refused',
      null,
      { refused: 'visitor blocked', blockedReason: 'Fraud' },
      'Voucher refused: the visitor is blocked: Fraud',
    ],
    [
      'reward.stock',
      { item: 'Beer', left: 0, offered: 50 },
      { left: 20, offered: 70, amount: 20, reason: 'Delivery' },
      'Stock of Beer +20: 0 → 20 left: Delivery',
    ],
    [
      'winners.notify',
      null,
      { rank: '2=', ducks: 40, resend: false, beforeTheEnd: 'Stage draw' },
      'Winner e-mail: rank 2=, 40 ducks; before the end: Stage draw',
    ],
    ['export.winners', null, { rows: 1 }, 'Downloaded 1 row'],
    ['operator.change_role', { role: 'staff' }, { role: 'reviewer' }, 'Role staff → reviewer'],
    ['announcement.create', null, { texts: { en: 'Dinner at 7' } }, 'Announcement written: "Dinner at 7"'],
  ])('%s in words', (action, before, after, words) => {
    expect(auditSentence({ action, before, after })).toBe(words);
  });

  it('has words for every action the trail records, even with no before or after', () => {
    for (const action of AUDIT_ACTIONS)
      expect(auditSentence({ action, before: null, after: null }), action).toEqual(expect.any(String));
  });

  it('leaves an unknown action to its JSON', () => {
    expect(auditSentence({ action: 'something.new', before: null, after: { x: 1 } })).toBeNull();
  });
});
