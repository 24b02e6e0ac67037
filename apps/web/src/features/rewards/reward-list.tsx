import type { Reward } from '@quackquest/contract/core';
import { isLongName, isRewardDisabled, isSoldOut, nowSeconds, rewardNote, stockText } from './reward-availability';
import './rewards.css';

interface RewardListProps {
  rewards: Reward[] | undefined;
  isLoading: boolean;
  onTap: (reward: Reward) => void;
}

/** The scrollable reward list. Disabled rows are greyed but still answer a tap with the reason. */
export function RewardList({ rewards, isLoading, onTap }: RewardListProps) {
  const now = nowSeconds();
  return (
    <section className="reward-list" aria-label="Rewards" tabIndex={0}>
      {isLoading ? (
        <p className="loading">Loading rewards...</p>
      ) : (
        <ul className="reward-list__items">
          {(rewards ?? []).map((reward) => (
            <li key={reward.item}>
              <RewardRow reward={reward} now={now} onTap={onTap} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RewardRow({ reward, now, onTap }: { reward: Reward; now: number; onTap: (reward: Reward) => void }) {
  const disabled = isRewardDisabled(reward, now);
  const note = rewardNote(reward, now);
  return (
    <button
      type="button"
      className={`reward-row${disabled ? ' reward-row--disabled' : ''}`}
      aria-disabled={disabled}
      onClick={() => onTap(reward)}
    >
      <span className="reward-row__main">
        <span className={`reward-row__name${isLongName(reward.item) ? ' reward-row__name--small' : ''}`}>{reward.item}</span>
        <span className="reward-row__meta">
          <span className={isSoldOut(reward) ? 'reward-row__sold-out' : undefined}>{stockText(reward)}</span>
          {note && <span className="reward-row__note">{note}</span>}
        </span>
      </span>
      <span className="reward-row__price">
        <DuckIcon />
        <span>
          {reward.price} <span className="reward-row__unit">ducks</span>
        </span>
      </span>
    </button>
  );
}

function DuckIcon() {
  return (
    <svg className="duck-icon" viewBox="0 0 24 24" aria-hidden="true">
      <ellipse cx="11" cy="15" rx="8" ry="5.5" fill="#ffc928" />
      <circle cx="15" cy="8.5" r="4.5" fill="#ffc928" />
      <path d="M19 8 l4 1 -4 2 Z" fill="#e8731c" />
      <circle cx="16" cy="7.5" r="1" fill="#10223a" />
    </svg>
  );
}
