// Who may claim a reward, as its row says it (issue 15 part 5). The pack names its own words for each sign-up
// answer (signup.yes/no.rewardsLabel, decision 033), which the row passes as `labels`.
import type { Reward } from '@quackquest/contract/core';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

export type EligibilityLabels = Record<Exclude<Reward['eligibility'], 'everyone'>, string>;

/** The original campaign's words: the cabin question of the sign-up (docs/product.md §2.11). */
const ELIGIBILITY_LABELS: EligibilityLabels = {
  get owners() {
    return t('rewards.ownersOnly');
  },
  get 'non-owners'() {
    return t('rewards.nonOwnersOnly');
  },
};

/** The row's label, or undefined for a reward open to everyone. */
export function eligibilityLabel(eligibility: Reward['eligibility'], labels: EligibilityLabels = ELIGIBILITY_LABELS) {
  return eligibility === 'everyone' ? undefined : labels[eligibility];
}
