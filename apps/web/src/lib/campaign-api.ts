// GET /api/campaign: texts that belong to the campaign (terms, operator, booking link) come from the pack.
// Fetched once per visit, without the query cache: the welcome page uses it too.
import type { Campaign } from '@quackquest/contract/core';
import { useEffect, useState } from 'react';
import { api } from './api-client';

let request: Promise<Campaign> | undefined;

function getCampaign(): Promise<Campaign> {
  request ??= api<Campaign>('/api/campaign').catch((error: unknown) => {
    request = undefined;
    throw error;
  });
  return request;
}

export function useCampaign(): { data?: Campaign; error?: unknown } {
  const [state, setState] = useState<{ data?: Campaign; error?: unknown }>({});
  useEffect(() => {
    let live = true;
    getCampaign().then(
      (data) => live && setState({ data }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
