// GET /api/console/dashboard (docs/product.md §10; role admin).
import { api } from '../../lib/api-client';
import type { Dashboard } from '../console-types';

export function fetchDashboard(): Promise<Dashboard> {
  return api<Dashboard>('/api/console/dashboard', { allowUnauthorized: true });
}
