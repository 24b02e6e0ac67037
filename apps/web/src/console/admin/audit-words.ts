// An audit row in words (issue 32 part 6): what changed, as an admin reads it; the row's JSON stays one click away.
// Each action's before/after is what the server writes (recordAudit's callers); a field missing from an older row
// leaves its part out, and an action without words here shows none (the JSON says it all).
import type { AuditRow } from '@quackquest/contract/core';

type Fields = Record<string, unknown>;

const fields = (value: unknown): Fields => (value !== null && typeof value === 'object' ? (value as Fields) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const because = (reason: unknown) => (text(reason) ? `: ${text(reason)}` : '');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Ducks 5 → 9 (+4): Lost photo", or null when the action has no words. */
export function auditSentence(row: Pick<AuditRow, 'action' | 'before' | 'after'>): string | null {
  const before = fields(row.before);
  const after = fields(row.after);
  switch (row.action) {
    case 'console.sign_in':
      return text(after.role) ? `Signed in as ${text(after.role)}` : 'Signed in';
    case 'console.sign_out':
      return 'Signed out';
    case 'operator.add':
      return `Added as ${text(after.role) ?? 'operator'}`;
    case 'operator.change_role':
      return `Role ${text(before.role) ?? '?'} → ${text(after.role) ?? '?'}`;
    case 'operator.remove':
      return `Removed (was ${text(before.role) ?? 'an operator'})`;
    case 'participant.search':
      return num(after.results) !== null ? `Searched: ${plural(num(after.results)!, 'visitor', 'visitors')} shown` : 'Searched';
    case 'participant.view':
      return "Opened the visitor's profile";
    case 'photo.view':
      return 'Looked at the photo';
    case 'participant.adjust_ducks': {
      const amount = num(after.amount);
      const sum =
        num(before.ducks) !== null && num(after.ducks) !== null ? `Ducks ${num(before.ducks)} → ${num(after.ducks)}` : 'Ducks';
      return `${sum}${amount !== null ? ` (${signed(amount)})` : ''}${because(after.reason)}`;
    }
    case 'participant.block': {
      const ended = num(after.sessionsEnded);
      return `Blocked${because(after.reason)}${ended ? `; ${plural(ended, 'session', 'sessions')} ended` : ''}`;
    }
    case 'participant.unblock':
      return `Unblocked${text(before.reason) ? ` (was blocked: ${text(before.reason)})` : ''}`;
    case 'participant.erase':
      return 'Personal data erased';
    case 'review.approve':
    case 'review.reject': {
      const ducks = num(after.ducks);
      const verb = row.action === 'review.approve' ? 'Answer approved' : 'Answer rejected';
      return `${verb}${because(after.reason)}${ducks ? ` (${plural(ducks, 'duck', 'ducks')})` : ''}`;
    }
    case 'review.undo':
      return `Decision undone (was ${text(before.review) ?? '?'}${text(before.decidedBy) ? ` by ${text(before.decidedBy)}` : ''}); waiting for a reviewer again`;
    case 'voucher.redeem':
      return text(after.override) ? `Voucher handed over to a blocked visitor: ${text(after.override)}` : 'Voucher handed over';
    case 'voucher.redeem_refused':
      return `Voucher refused: the visitor is blocked${because(after.blockedReason)}`;
    case 'reward.stock': {
      const amount = num(after.amount);
      const item = text(before.item);
      const left = num(before.left) !== null && num(after.left) !== null ? `: ${num(before.left)} → ${num(after.left)} left` : '';
      return `Stock of ${item ?? 'the reward'}${amount !== null ? ` ${signed(amount)}` : ''}${left}${because(after.reason)}`;
    }
    case 'winners.view':
      return num(after.top) !== null ? `Looked at the top ${num(after.top)}` : 'Looked at the winners';
    case 'winners.notify': {
      const early = text(after.beforeTheEnd);
      return `Winner e-mail: rank ${text(after.rank) ?? '?'}, ${plural(num(after.ducks) ?? 0, 'duck', 'ducks')}${after.resend === true ? ', sent again' : ''}${early ? `; before the end: ${early}` : ''}`;
    }
    case 'export.leaderboard':
    case 'export.claims':
    case 'export.winners':
      return num(after.rows) !== null ? `Downloaded ${plural(num(after.rows)!, 'row', 'rows')}` : 'Downloaded';
    case 'kiosk.start':
      return `Kiosk started${text(after.name) ? ` "${text(after.name)}"` : ''}${text(after.checkpoint) ? ` for ${text(after.checkpoint)}` : ''}`;
    case 'kiosk.revoke':
      return `Kiosk turned off${text(before.name) ? `: "${text(before.name)}"` : ''}; its codes are refused`;
    case 'audit.export':
      return 'Downloaded the audit trail';
    case 'campaign.load':
      return num(after.version) !== null ? `Campaign loaded: version ${num(after.version)}` : 'Campaign loaded';
    case 'announcement.create': {
      const words = text(fields(after.texts).en);
      return words ? `Announcement written: "${words}"` : 'Announcement written';
    }
    case 'announcement.withdraw':
      return 'Announcement withdrawn';
    default:
      return null;
  }
}
