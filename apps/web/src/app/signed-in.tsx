// The layout of every signed-in screen: the query cache (loading, error and refetch states), and the reviewers'
// news above each screen (features/checkpoints/notices.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, use } from 'react';
import { Outlet } from 'react-router';
import { Notices } from '../features/checkpoints/notices';
import { gameTextsLoaded } from '../lib/game-texts';
import { onLocaleChange, t } from '../lib/i18n';
import { getMe, meQueryKey } from '../lib/me-api';

// One cache for the whole visit: created once, kept across screens.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: 1 } },
});

// Checkpoints and rewards come in the visitor's language: a new one asks again.
onLocaleChange(() => void queryClient.invalidateQueries());

// The visitor's ducks and rank (GET /api/me) head most signed-in screens. They are asked for as soon
// as this layout's chunk runs, while the screen's own chunk still loads, and the first screen waits
// for the answer (at most 3 s; a failure is the screen's to show, as before). So it renders with the
// figures, not with "Loading..." that then resizes the duck banner (a layout shift of 0.2 on
// /checkpoints in Lighthouse).
const visitorLoaded = Promise.race([
  queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: getMe }),
  new Promise<void>((resolve) => setTimeout(resolve, 3000)),
]);

function AfterVisitor({ children }: { children: ReactNode }) {
  use(visitorLoaded);
  // The screens' texts in the visitor's language (decision 037).
  use(gameTextsLoaded);
  return children;
}

export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p className="loading">{t('common.loading')}</p>}>
        <AfterVisitor>
          <Notices />
          <Outlet />
        </AfterVisitor>
      </Suspense>
    </QueryClientProvider>
  );
}
