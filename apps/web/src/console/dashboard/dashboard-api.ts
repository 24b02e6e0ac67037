// GET /api/console/dashboard (docs/product.md §10; role admin).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Dashboard } from '../console-types';

/**
 * The live numbers, read again every 10 seconds while the tab is visible, and at once when it shows again (the
 * query library's focus refetch follows the page's visibility). A failed refresh keeps the last numbers.
 */
export const dashboardQuery = queryOptions({
  queryKey: ['console', 'dashboard'],
  queryFn: () => api<Dashboard>('/api/console/dashboard', { allowUnauthorized: true }),
  refetchInterval: 10_000,
});
