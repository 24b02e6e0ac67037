// Where the visitor stands in the 14 days (issue 27 part 5): "Day 4 of 14" and their streak above the list, and the
// folded row of the days still to come, which says when the next checkpoint opens in the visitor's own time with
// the campaign's named. The rules are challenge-days.ts's.
import type { Checkpoint } from '@quackquest/contract/core';
import { useCampaign } from '../../lib/campaign-api';
import { currentLocale, t } from '../../lib/i18n';
import { textWithValues } from '../../lib/text-with-values';
import '../../lib/game-texts';
import { challengeDay, nextUnlock, streakDays, unlockTime } from './challenge-days';

const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ChallengeProgress({ checkpoints, nowSec }: { checkpoints: readonly Checkpoint[]; nowSec: number }) {
  const campaign = useCampaign().data;
  if (!campaign) return null;
  const { day, of } = challengeDay(campaign, nowSec);
  const streak = streakDays(checkpoints, campaign.timeZone, nowSec);
  const dayText =
    day < 1 ? t('challenge.notStarted', { days: 1 - day }) : day > of ? t('challenge.over') : t('challenge.day', { day, of });
  return (
    <p className="challenge-progress">
      <span className="challenge-progress__day">{dayText}</span>
      {streak > 0 && day >= 1 && <span className="challenge-progress__streak">{t('challenge.streak', { n: streak })}</span>}
    </p>
  );
}

export function UpcomingSummary({ upcoming, nowSec }: { upcoming: readonly Checkpoint[]; nowSec: number }) {
  const timeZone = useCampaign().data?.timeZone;
  const next = nextUnlock(upcoming, nowSec);
  const when =
    next !== undefined && timeZone
      ? unlockTime(next, nowSec, { locale: currentLocale(), timeZone, visitorZone: visitorZone() })
      : undefined;
  return (
    <>
      <span className="cp-upcoming__count">{t('challenge.upcoming', { n: upcoming.length })}</span>
      {when && (
        <span className="cp-upcoming__next">
          {when.campaign
            ? textWithValues('challenge.nextOpensZones', { relative: when.relative, local: when.local, campaign: when.campaign })
            : textWithValues('challenge.nextOpens', { relative: when.relative, local: when.local })}
        </span>
      )}
    </>
  );
}
