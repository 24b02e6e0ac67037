// One row of the checkpoint list: available rows open the checkpoint, the others explain why not.
import type { Checkpoint } from '@quackquest/contract/core';
import { Link } from 'react-router';
import { useAlert } from '../../components/alert';
import { paths } from '../../lib/paths';
import {
  type CheckpointRow as Row,
  exhaustedText,
  isLongTitle,
  notUnlockedFallback,
  showsTick,
  unlockText,
} from './checkpoint-state';

export function CheckpointRow({ row, nowSec }: { row: Row<Checkpoint>; nowSec: number }) {
  const alert = useAlert();
  const { checkpoint, state } = row;
  const title = state === 'exhausted' ? 'Locked' : checkpoint.title;
  const note = state === 'notUnlocked' ? unlockText(checkpoint.startTime, nowSec) : '';
  const content = (
    <>
      <span className="cp-row__icon" aria-hidden="true">
        {state === 'exhausted' ? <LockIcon /> : <span className="cp-row__seq">{checkpoint.sequence}</span>}
      </span>
      <span className="cp-row__text">
        <span className={`cp-row__title${isLongTitle(title) ? ' cp-row__title--small' : ''}`}>{title}</span>
        {state === 'exhausted' && <span className="visually-hidden">: {checkpoint.title}</span>}
        {note && <span className="cp-row__note">{note}</span>}
      </span>
      {showsTick(checkpoint) && <TickIcon />}
    </>
  );

  if (state === 'available') {
    return (
      <li>
        <Link to={paths.checkpoint(checkpoint.checkpointId)} className="cp-row cp-row--available">
          {content}
          <Chevron />
        </Link>
      </li>
    );
  }
  const explain = () => void alert(state === 'notUnlocked' ? note || notUnlockedFallback : exhaustedText(checkpoint.maxAttempts));
  return (
    <li>
      <button type="button" className={`cp-row cp-row--${state}`} onClick={explain}>
        {content}
      </button>
    </li>
  );
}

function TickIcon() {
  return (
    <svg className="cp-row__tick" viewBox="0 0 24 24" width="28" height="28" role="img" aria-label="Done">
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
