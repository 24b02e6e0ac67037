// The layout of every signed-in screen: the query cache (loading, error and refetch states).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router';

// One cache for the whole visit: created once, kept across screens.
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: 1 } },
});

export default function SignedInLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <Outlet />
      </Suspense>
    </QueryClientProvider>
  );
}
