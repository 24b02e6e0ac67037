// One row of the checkpoint list: the rows that open show the checkpoint and what happened to the answers; the
// others explain why not (docs/product.md §5.3, decision 023).
import type { Checkpoint } from '@quackquest/contract/core';
import { Link } from 'react-router';
import { useAlert } from '../../components/alert';
import { paths } from '../../lib/paths';
import { rowLook } from './checkpoint-result';
import { type CheckpointRow as Row, isLongTitle } from './checkpoint-state';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

export function CheckpointRow({ row, nowSec, waitingNote }: { row: Row<Checkpoint>; nowSec: number; waitingNote?: string }) {
  const alert = useAlert();
  const { checkpoint, state } = row;
  const shown = rowLook(row, nowSec);
  // An answer kept on the phone (decision 036): the row opens to say so, even after the close.
  const look = waitingNote
    ? { ...shown, note: waitingNote, tone: 'wait' as const, opens: true, locked: false, tick: false }
    : shown;
  const content = (
    <>
      <span className="cp-row__icon" aria-hidden="true">
        {look.locked ? <LockIcon /> : <span className="cp-row__seq">{checkpoint.sequence}</span>}
      </span>
      <span className="cp-row__text">
        {/* The pack's title, or "Locked" for one used up (then the title for screen readers, the pack's too). */}
        <span
          className={`cp-row__title${isLongTitle(look.title) ? ' cp-row__title--small' : ''}`}
          data-pack={look.locked ? undefined : ''}
        >
          {look.title}
        </span>
        {look.locked && (
          <span className="visually-hidden">
            : <span data-pack>{checkpoint.title}</span>
          </span>
        )}
        {look.note && <span className={`cp-row__note cp-row__note--${look.tone}`}>{look.note}</span>}
      </span>
      {look.tick && <TickIcon />}
    </>
  );

  if (look.opens) {
    const done = look.tone === 'good' || look.tone === 'wait';
    return (
      <li>
        <Link to={paths.checkpoint(checkpoint.checkpointId)} className={`cp-row cp-row--available${done ? ' cp-row--done' : ''}`}>
          {content}
          <Chevron />
        </Link>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        className={`cp-row cp-row--${state === 'notUnlocked' ? 'notUnlocked' : 'exhausted'}`}
        onClick={() => void alert(look.explain)}
      >
        {content}
      </button>
    </li>
  );
}

function TickIcon() {
  return (
    <svg className="cp-row__tick" viewBox="0 0 24 24" width="28" height="28" role="img" aria-label={t('checkpoints.done')}>
      <circle cx="12" cy="12" r="11" fill="#1d7a3e" />
      <path
        d="M6.5 12.5l3.5 3.5 7.5-8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22">
      <rect x="4" y="10" width="16" height="11" rx="2" fill="currentColor" />
      <path d="M8 10V7a4 4 0 018 0v3" fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

function Chevron() {
  return (
    <svg className="cp-row__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
