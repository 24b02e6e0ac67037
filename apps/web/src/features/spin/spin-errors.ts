// What the spin screen says and where it goes when POST /api/spin fails (docs/product.md §7.4). Pure.
import { messages } from '@quackquest/contract/core';
import { networkErrorText, sayText } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';

export const spinTexts = {
  get notLoggedIn() {
    return t('spin.notLoggedIn');
  },
  get failed() {
    return t('spin.failed');
  },
  get networkError() {
    return networkErrorText();
  },
};

export interface SpinFailure {
  message: string;
  /** Where to go once the alert is closed, if anywhere. */
  redirectTo?: '/checkpoints' | '/login';
}

/** `status` 0 means the request never reached the server. */
export function spinFailure(error: { status?: number; code?: string; message?: string }): SpinFailure {
  // A blocked visitor (decision 020) is told so, not sent to complete a checkpoint.
  if (error.code === 'accountBlocked') return { message: sayText(messages, 'accountBlocked') };
  if (error.status === 403) return { message: sayText(messages, 'spinWithoutCheckpoint'), redirectTo: '/checkpoints' };
  if (error.status === 401) return { message: spinTexts.notLoggedIn, redirectTo: '/login' };
  if (error.status === 0) return { message: spinTexts.networkError };
  return { message: error.message || spinTexts.failed };
}
