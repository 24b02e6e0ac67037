// The layout of every signed-in screen: the query cache (loading, error and refetch states), and the reviewers'
// news above each screen (features/checkpoints/notices.tsx).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, use } from 'react';
import { Outlet } from 'react-router';
import { Notices } from '../features/checkpoints/notices';
import { campaignAnswered } from '../lib/campaign-api';
import { getMe, meQueryKey } from '../lib/me-api';

// One cache for the whole visit: created once, kept across screens.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: 1 } },
});

// The visitor's ducks and rank (GET /api/me) head most signed-in screens, and the campaign's words and pictures
// (GET /api/campaign, asked for as the app starts) fill them: the rewards banner above the list, the booking button,
// the sign-up answers' labels. /api/me is asked for as soon as this layout's chunk runs, while the screen's own
// chunk still loads, and the first screen waits for both answers (at most 3 s; a failure is the screen's to show,
// as before). So it renders with the figures and the pictures, not with "Loading..." that then resizes the duck
// banner (a layout shift of 0.2 on /checkpoints in Lighthouse) nor without a banner that then pushes the rewards
// down (0.05 on /rewards).
const visitorLoaded = Promise.race([
  Promise.all([queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: getMe }), campaignAnswered()]),
  new Promise<void>((resolve) => setTimeout(resolve, 3000)),
]);

function AfterVisitor({ children }: { children: ReactNode }) {
  use(visitorLoaded);
  return children;
}

export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <AfterVisitor>
          <Notices />
          <Outlet />
        </AfterVisitor>
      </Suspense>
    </QueryClientProvider>
  );
}
