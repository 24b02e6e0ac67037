import type { Profile, Reward } from '@quackquest/contract/core';
import type { ReactNode } from 'react';
import { eligibilityLabel } from './eligibility-labels';
import {
  claimVisitor,
  isLongName,
  isRewardDisabled,
  isSoldOut,
  moreDucksText,
  nowSeconds,
  rewardNote,
  stockText,
  visitorRefusalText,
} from './reward-availability';
import './rewards.css';
import { useScreens } from '../../lib/campaign-api';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

interface RewardListProps {
  rewards: Reward[] | undefined;
  isLoading: boolean;
  /** The visitor's ducks, once known: rows they cannot afford say how many more they need. */
  ducks: number | undefined;
  /** The visitor's claims and sign-up answer, once known: rewards they can never claim say why and look it. */
  profile?: Profile | undefined;
  onTap: (reward: Reward) => void;
  /** Shown instead of the rows when the list could not be loaded. */
  failed?: ReactNode;
}

/** The reward list, scrolling with the page. Disabled rows are greyed but still answer a tap with the reason. */
export function RewardList({ rewards, isLoading, ducks, profile, onTap, failed }: RewardListProps) {
  const now = nowSeconds();
  return (
    <section className="reward-list" aria-label={t('rewards.listLabel')}>
      {failed ??
        (isLoading ? (
          <p className="loading">{t('rewards.loading')}</p>
        ) : (
          <ul className="reward-list__items">
            {(rewards ?? []).map((reward) => (
              <li key={reward.item}>
                <RewardRow reward={reward} now={now} ducks={ducks} profile={profile} onTap={onTap} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

interface RewardRowProps {
  reward: Reward;
  now: number;
  ducks: number | undefined;
  profile: Profile | undefined;
  onTap: (reward: Reward) => void;
}

function RewardRow({ reward, now, ducks, profile, onTap }: RewardRowProps) {
  // The pack's words for its sign-up answers (decision 033); the original campaign's before the campaign arrives.
  const signup = useScreens()?.signup;
  // Not for this visitor, or their limit reached: greyed, and says why instead of "n more ducks".
  const never = visitorRefusalText(reward, claimVisitor(profile, reward.item), now, signup);
  const disabled = isRewardDisabled(reward, now) || never !== undefined;
  const note = never?.text ?? rewardNote(reward, now);
  const who = eligibilityLabel(
    reward.eligibility,
    signup ? { owners: signup.yes.rewardsLabel, 'non-owners': signup.no.rewardsLabel } : undefined,
  );
  const more = never ? undefined : moreDucksText(reward, ducks, now);
  return (
    <button
      type="button"
      className={`reward-row${disabled ? ' reward-row--disabled' : ''}`}
      aria-disabled={disabled}
      onClick={() => onTap(reward)}
    >
      <span className="reward-row__main">
        <span className={`reward-row__name${isLongName(reward.item) ? ' reward-row__name--small' : ''}`} lang="en">
          {reward.item}
        </span>
        <span className="reward-row__meta">
          <span className={isSoldOut(reward) ? 'reward-row__sold-out' : undefined}>{stockText(reward)}</span>
          {note && (
            // An eligibility refusal in the pack's words is the pack's content (decision 050).
            <span className="reward-row__note" data-pack={never?.pack ? '' : undefined}>
              {note}
            </span>
          )}
          {more && <span className="reward-row__more">{more}</span>}
        </span>
        {/* A row that says why it is not for this visitor needs no tag repeating it. */}
        {who && !never && (
          <span className="reward-row__who" data-pack={signup ? '' : undefined}>
            {who}
          </span>
        )}
      </span>
      <span className="reward-row__price">
        <DuckIcon />
        <span>
          {reward.price} <span className="reward-row__unit">{t('rewards.ducksUnit')}</span>
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
