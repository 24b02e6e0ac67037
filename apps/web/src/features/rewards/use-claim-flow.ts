// The claim flow of docs/product.md §5.6: tap, the gate's alerts, the confirm dialog, the claim, then the
// success popup or an alert. Ducks, rank and the rewards list are refreshed after a claim.
import type { Profile, Reward } from '@quackquest/contract/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAlert } from '../../components/alert';
import { ApiError } from '../../lib/api-client';
import { reachNow } from '../../lib/connection';
import { t } from '../../lib/i18n';
import '../../lib/game-texts';
import { meQueryKey } from '../../lib/me-api';
import { newIdempotencyKey, postClaim } from './claim-api';
import { inventoryQueryKey } from './inventory-api';
import { profileQueryKey } from './profile-api';
import { type SignupWords, checkClaim, claimVisitor, nowSeconds } from './reward-availability';

interface Confirming {
  reward: Reward;
  /** One key per confirmation: retries of this confirmation reuse it. */
  idempotencyKey: string;
}

/** `profile`: once known, a tap on a reward not for this visitor, or past their limit, is refused before asking. */
export function useClaimFlow(ducks: number, profile?: Profile, signup?: SignupWords) {
  const alert = useAlert();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [pending, setPending] = useState(false);
  const [claimedItem, setClaimedItem] = useState<string | null>(null);

  async function tap(reward: Reward) {
    // A claim needs the server (it takes the ducks and makes the voucher): without it, say so before the dialog,
    // as SPIN does (issue 30 part 4), rather than after a confirmation that could only fail.
    const reach = reachNow();
    if (reach !== 'online') return alert(t(reach === 'offline' ? 'offline.claimOffline' : 'offline.claimUnreachable'));
    const gate = checkClaim(reward, ducks, nowSeconds(), claimVisitor(profile, reward.item), signup);
    if (!gate.ok) return alert(gate.message);
    setConfirming({ reward, idempotencyKey: newIdempotencyKey() });
  }

  function refresh() {
    return Promise.all(
      [meQueryKey, inventoryQueryKey, profileQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  }

  async function confirm() {
    if (!confirming || pending) return;
    setPending(true);
    try {
      const claim = await postClaim(confirming.reward.item, confirming.idempotencyKey);
      await refresh();
      setConfirming(null);
      setClaimedItem(claim.item);
    } catch (error) {
      setConfirming(null);
      void refresh();
      const message = error instanceof ApiError && error.status !== 0 && error.message ? error.message : t('rewards.claimFailed');
      await alert(message);
    } finally {
      setPending(false);
    }
  }

  function cancel() {
    if (!pending) setConfirming(null);
  }

  return {
    tap,
    confirming: confirming?.reward ?? null,
    pending,
    confirm,
    cancel,
    claimedItem,
    closeClaimed: () => setClaimedItem(null),
  };
}
