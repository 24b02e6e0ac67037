// The campaign page's calls (docs/product.md §10, §15; decision 032).
import type { CampaignPage, CampaignPlan, CampaignRenames } from '@quackquest/contract/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** A pack on the server, by the name the server listed, or a stored version. */
export type CampaignSource = { pack: string } | { version: number };

/** The packs in the server's campaigns folder and the stored versions. */
export const campaignPageQuery = queryOptions({
  queryKey: ['console', 'campaign'],
  queryFn: () => api<CampaignPage>('/api/console/campaign', { allowUnauthorized: true }),
});

export function previewCampaign(source: CampaignSource, renames: CampaignRenames): Promise<CampaignPlan> {
  return api<CampaignPlan>('/api/console/campaign/preview', {
    method: 'POST',
    body: { source, renames },
    allowUnauthorized: true,
  });
}

export function loadCampaign(source: CampaignSource, renames: CampaignRenames, confirm: boolean): Promise<CampaignPlan> {
  return api<CampaignPlan>('/api/console/campaign/load', {
    method: 'POST',
    body: { source, renames, confirm },
    allowUnauthorized: true,
  });
}
