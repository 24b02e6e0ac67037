// The rank as the duck tracker and the headers show it.
import { t } from './i18n';
import './game-texts';

/**
 * 'n/total', with the infinity symbol while the total is unknown. A visitor with no ducks yet (none pending either)
 * has no place of their own: everyone without ducks shares the bottom, so "18/18" would only say "last"; they
 * read "not yet" instead (issue 27 part 5).
 */
export function rankText(
  me: { rank: number; totalUsers: number; duckPoints: number; pendingDuckPoints: number } | undefined,
): string {
  if (me && me.duckPoints === 0 && me.pendingDuckPoints === 0) return t('rank.notYet');
  return `${me?.rank ?? '∞'}/${me?.totalUsers ?? '∞'}`;
}
