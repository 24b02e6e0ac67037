// Owned rewards (docs/product.md §4 and §5.6): the profile's claimed entries merged by item name, with the
// description and other fields of the matching inventory item. Pure, no I/O.
import type { Reward } from '@quackquest/contract/core';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

/** A claimed entry is a plain item name or an object; quantity defaults to 1. */
export type ClaimedEntry =
  string | { item: string; quantity?: number; timestamp?: number; voucherCode?: string; redeemed?: boolean };

export interface Voucher {
  code: string;
  redeemed: boolean;
  /** When it was claimed (Unix seconds), or null when the entry had no time. */
  claimedAt?: number | null;
}

export interface OwnedReward extends Partial<Omit<Reward, 'item' | 'quantity' | 'description'>> {
  item: string;
  /** Summed over the claims of this item. */
  quantity: number;
  /** The latest claim's time (Unix seconds), or null when no entry had one. */
  timestamp: number | null;
  description: string;
  /** One per claim that carried a voucher code, in claim order. */
  vouchers: Voucher[];
}

export function ownedFallbackDescription(item: string): string {
  return t('rewards.youOwn', { item });
}

export function mergeOwnedRewards(claimed: readonly ClaimedEntry[], inventory: readonly Reward[] = []): OwnedReward[] {
  const merged = new Map<string, OwnedReward>();
  for (const entry of claimed) {
    const claim = typeof entry === 'string' ? { item: entry } : entry;
    const quantity = typeof claim.quantity === 'number' && Number.isFinite(claim.quantity) ? claim.quantity : 1;
    const timestamp = typeof claim.timestamp === 'number' ? claim.timestamp : null;
    const voucher = claim.voucherCode
      ? [{ code: claim.voucherCode, redeemed: claim.redeemed === true, claimedAt: timestamp }]
      : [];
    const owned = merged.get(claim.item);
    if (owned) {
      owned.quantity += quantity;
      owned.timestamp = latest(owned.timestamp, timestamp);
      owned.vouchers.push(...voucher);
      continue;
    }
    const stock = inventory.find((reward) => reward.item === claim.item);
    const { item: _item, quantity: _stock, description, ...fields } = stock ?? { item: claim.item, quantity: 0 };
    merged.set(claim.item, {
      ...fields,
      item: claim.item,
      quantity,
      timestamp,
      description: description || ownedFallbackDescription(claim.item),
      vouchers: voucher,
    });
  }
  return [...merged.values()];
}

function latest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/**
 * The reward /reward-detail received through navigation state, or null. History state is untyped (and
 * survives reloads), so it is checked before use.
 */
export function readOwnedRewardState(state: unknown): OwnedReward | null {
  if (typeof state !== 'object' || state === null) return null;
  const reward: unknown = (state as { reward?: unknown }).reward;
  if (typeof reward !== 'object' || reward === null) return null;
  const { item, quantity, timestamp, description, vouchers } = reward as Partial<Record<keyof OwnedReward, unknown>>;
  if (typeof item !== 'string' || !item) return null;
  return {
    ...(reward as Partial<OwnedReward>),
    item,
    quantity: typeof quantity === 'number' ? quantity : 1,
    timestamp: typeof timestamp === 'number' ? timestamp : null,
    description: typeof description === 'string' && description ? description : ownedFallbackDescription(item),
    vouchers: Array.isArray(vouchers)
      ? vouchers.filter((v): v is Voucher => typeof v === 'object' && v !== null && typeof (v as Voucher).code === 'string')
      : [],
  };
}
