// The layout of every signed-in screen: the query cache (loading, error and refetch states), and the reviewers'
// news above each screen (features/checkpoints/notices.tsx).
import type { Me } from '@quackquest/contract/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, use } from 'react';
import { Outlet } from 'react-router';
import { Notices } from '../features/checkpoints/notices';
import { prefetchNotices } from '../features/checkpoints/notices-api';
import { useSendQueuedAnswers } from '../features/checkpoints/send-queued-answers';
import { SentAnswers } from '../features/offline/sent-answers';
import { OfflineBanner } from '../features/offline/offline-banner';
import { campaignAnswered } from '../lib/campaign-api';
import { gameTextsLoaded } from '../lib/game-texts';
import { t } from '../lib/i18n';
import { getMe, meQueryKey } from '../lib/me-api';
import { visitorQueryClient } from '../lib/query-client';
import { waitAtMost } from '../lib/screen-wait';

// The visitor's ducks and rank (GET /api/me) head most signed-in screens, and the campaign's words and pictures
// (GET /api/campaign, asked for as the app starts) fill them: the rewards banner above the list, the booking button,
// the sign-up answers' labels. /api/me is asked for as soon as this layout's chunk runs, while the screen's own
// chunk still loads, and the first screen waits for both answers (at most 3 s; a failure is the screen's to show,
// as before). So it renders with the figures and the pictures, not with "Loading..." that then resizes the duck
// banner (a layout shift of 0.2 on /checkpoints in Lighthouse) nor without a banner that then pushes the rewards
// down (0.05 on /rewards). With saved figures (a second visit, decision 035) it does not wait for /api/me.
// Started by app/routes.tsx as this chunk arrives, not when it runs: the console's scanner shares modules with this
// chunk (decision 041), and a staff member's page must not ask for a visitor's /api/me (its 401 signs the page out).
// `me`: GET /api/me already asked for by app/routes.tsx, when a signed-in screen is the page opened.
let visitorLoaded: Promise<unknown> | undefined;
export function startVisitorLoad(me?: Promise<Me>): Promise<unknown> {
  visitorLoaded ??= (() => {
    const queryClient = visitorQueryClient();
    const visitorPrefetch = queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: me ? () => me : getMe });
    prefetchNotices();
    const visitorSaved = queryClient.getQueryData(meQueryKey) !== undefined;
    return waitAtMost(Promise.all([visitorSaved ? undefined : visitorPrefetch, campaignAnswered()]));
  })();
  return visitorLoaded;
}

function AfterVisitor({ children }: { children: ReactNode }) {
  use(startVisitorLoad());
  // The screens' texts in the visitor's language (decision 037).
  use(gameTextsLoaded);
  return children;
}

/** Answers kept while offline are sent from every signed-in screen, and their results told there (decision 036). */
function OfflineAnswers() {
  useSendQueuedAnswers();
  return <SentAnswers />;
}

export default function SignedInLayout() {
  // Another visitor may have signed in since this page's last signed-in screen.
  const queryClient = visitorQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
        <AfterVisitor>
          <Notices />
          <OfflineAnswers />
          <Outlet />
        </AfterVisitor>
      </Suspense>
    </QueryClientProvider>
  );
}
