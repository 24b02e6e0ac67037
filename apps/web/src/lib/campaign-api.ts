// GET /api/campaign: texts that belong to the campaign (terms, operator, booking link, and every word and picture
// of the event: campaign.yaml's look, prize, signup and texts, decision 033) come from the pack.
// Fetched once per visit, at start, without the query cache: the welcome page uses it too.
import type { Campaign, CampaignScreens } from '@quackquest/contract/core';
import { use, useEffect, useState } from 'react';
import { api } from './api-client';
import { onLocaleChange } from './i18n';
import { waitAtMost } from './screen-wait';

let request: Promise<Campaign> | undefined;
let loaded: Campaign | undefined;

/** The campaign's colour roles and the custom properties of styles.css they set. */
const colourProperties: Record<string, string> = {
  deep: '--sea-900',
  primary: '--sea-700',
  bright: '--sea-500',
  pale: '--sea-100',
  accent: '--duck',
};

function applyColours(colours: Record<string, string> | undefined): void {
  for (const [role, value] of Object.entries(colours ?? {})) {
    const property = colourProperties[role];
    if (property && /^#[0-9a-f]{6}$/i.test(value)) document.documentElement.style.setProperty(property, value);
  }
}

/**
 * The picture the opened screen leads with (its largest paint), asked for as soon as the campaign names it, at high
 * priority: on /rewards the screen itself draws later, after its code and the visitor's ducks have arrived.
 */
function preloadLeadPicture(screens: CampaignScreens | undefined): void {
  const lead = { '/': screens?.prize?.image, '/rewards': screens?.rewardsBanner?.url }[location.pathname];
  if (!lead || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(lead)}"]`)) return;
  const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: lead });
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

function getCampaign(): Promise<Campaign> {
  request ??= api<Campaign>('/api/campaign').then(
    (campaign) => {
      loaded = campaign;
      applyColours(campaign.screens?.colours);
      preloadLeadPicture(campaign.screens);
      return campaign;
    },
    (error: unknown) => {
      request = undefined;
      throw error;
    },
  );
  return request;
}

// The pack's words come in the visitor's language (Accept-Language): a new language asks again.
onLocaleChange(() => {
  request = undefined;
  loaded = undefined;
  preloadCampaign();
});

/** Asks for the campaign as the app starts, so its colours and words are there before a screen needs them. */
export function preloadCampaign(): void {
  getCampaign().catch(() => undefined);
}

/** Settles once the campaign has answered, either way (a failure is the screen's to show). */
export function campaignAnswered(): Promise<void> {
  return getCampaign().then(
    () => undefined,
    () => undefined,
  );
}

let firstAnswer: Promise<void> | undefined;

/**
 * Suspends a screen's first render until the campaign has answered (at most 3 s), for a screen made of the pack's
 * words and pictures: drawn without them and then with them, its content jumps down (a layout shift of 0.045 on /).
 */
export function useCampaignAnswered(): void {
  if (loaded) return;
  use((firstAnswer ??= waitAtMost(campaignAnswered())));
}

export function useCampaign(): { data?: Campaign; error?: unknown } {
  const [state, setState] = useState<{ data?: Campaign; error?: unknown }>(() => (loaded ? { data: loaded } : {}));
  useEffect(() => {
    // Also when it arrived between the first render and now: the cached request answers at once.
    let live = true;
    getCampaign().then(
      (data) => live && setState((state) => (state.data === data ? state : { data })),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The event's words and pictures; undefined until the campaign is loaded (or when it has none). */
export function useScreens(): CampaignScreens | undefined {
  return useCampaign().data?.screens;
}
