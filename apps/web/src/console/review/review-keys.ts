// The review queue's keyboard shortcuts on a laptop (docs/product.md §15): j/k move, x selects, a approves,
// r rejects. Pure: what a key press means, and where the cursor goes.

export type ReviewAction = 'next' | 'previous' | 'select' | 'approve' | 'reject';

export const shortcutLegend: { key: string; does: string }[] = [
  { key: 'j', does: 'next' },
  { key: 'k', does: 'previous' },
  { key: 'x', does: 'select' },
  { key: 'a', does: 'approve' },
  { key: 'r', does: 'reject' },
];

const actions: Record<string, ReviewAction> = { j: 'next', k: 'previous', x: 'select', a: 'approve', r: 'reject' };

interface KeyPress {
  key: string;
  /** The key is held down and the system repeats it: a decision needs a press of its own (issue 28 part 3). */
  repeat?: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The element the key was typed in: shortcuts never fire while typing (the free-text reason, a filter). */
  target: { tagName?: string; type?: string; isContentEditable?: boolean } | null;
}

/** Inputs that take no typing: a shortcut pressed on them (a just-ticked "Select") still counts. */
const keylessInputs = new Set(['checkbox', 'radio', 'button', 'submit']);

export function shortcutOf(press: KeyPress): ReviewAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const tag = press.target?.tagName?.toUpperCase();
  const typing = tag === 'INPUT' ? !keylessInputs.has(press.target?.type ?? 'text') : tag === 'TEXTAREA' || tag === 'SELECT';
  if (typing || press.target?.isContentEditable) return null;
  const action = actions[press.key] ?? null;
  // Held j/k keep moving; a held a, r or x decides or ticks once, never the cards that come after.
  return press.repeat && action !== 'next' && action !== 'previous' ? null : action;
}

/**
 * How long a card that has just moved into place (the list was read again after a decision) cannot be decided: a
 * second tap of a double tap, 80-900 ms after the first on a phone, lands on the card that slid under the thumb,
 * which nobody has looked at yet (issue 28 part 3).
 */
export const SETTLE_MS = 700;

/** The cursor after j or k, kept inside the list; -1 for an empty list. */
export function moveCursor(cursor: number, action: 'next' | 'previous', length: number): number {
  if (length === 0) return -1;
  if (cursor < 0) return 0;
  const next = action === 'next' ? cursor + 1 : cursor - 1;
  return Math.min(Math.max(next, 0), length - 1);
}

/** The attempts a decision applies to: the selected ones, or else the one under the cursor. */
export function decisionTargets(selected: ReadonlySet<number>, cursorId: number | undefined): number[] {
  if (selected.size > 0) return [...selected];
  return cursorId === undefined ? [] : [cursorId];
}
