// GET /api/inventory: every reward with its price, stock, description and optional window.
import type { Reward } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { startFirstAnswer, useFirstAnswer } from '../../lib/first-answer';

export const inventoryQueryKey = ['inventory'] as const;

async function getInventory(): Promise<Reward[]> {
  // The spec's rewards list may be a bare array or an `items` array.
  const data = await api<{ items: Reward[] } | Reward[]>('/api/inventory');
  return Array.isArray(data) ? data : data.items;
}

/** The first list is asked for as /rewards' code arrives (routes/rewards.tsx), not once the screen is drawn. */
export function startInventory(): void {
  startFirstAnswer(inventoryQueryKey, getInventory);
}

/**
 * Failures are logged; /rewards then says the load failed and offers a retry (docs/product.md §7.7). The first
 * opening waits for the list: the caption sits below it (a layout shift of 0.05 on /rewards otherwise).
 */
export function useInventory({ enabled = true }: { enabled?: boolean } = {}) {
  useFirstAnswer(inventoryQueryKey, getInventory, enabled);
  const query = useQuery({ queryKey: inventoryQueryKey, queryFn: getInventory, enabled });
  useEffect(() => {
    if (query.error) console.error('Failed to load the rewards', query.error);
  }, [query.error]);
  return query;
}
