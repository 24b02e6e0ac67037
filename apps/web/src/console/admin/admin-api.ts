// The admin screens' calls (docs/product.md §10): exports and winners, operators, the audit trail.
import type {
  AuditRow,
  ConsoleAnnouncement,
  NewAnnouncement,
  NotifyWinnersBody,
  NotifyWinnersResult,
  OperatorRow,
  WinnersList,
} from '@quackquest/contract/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { Role } from '../console-types';

/** The CSV exports: each a POST (the server's Origin check covers it), sent by a form so the browser downloads it. */
export const exportUrls = {
  leaderboard: '/api/console/exports/leaderboard.csv',
  claims: '/api/console/exports/claims.csv',
  winners: '/api/console/exports/winners.csv',
  audit: '/api/console/audit.csv',
} as const;

/** The top `top` of the leaderboard as the prize committee vets them, with who was notified already. */
export const winnersQuery = (top: number) =>
  queryOptions({
    queryKey: ['console', 'winners', top],
    queryFn: () => api<WinnersList>(`/api/console/winners?top=${top}`, { allowUnauthorized: true }),
  });

export function notifyWinners(body: NotifyWinnersBody): Promise<NotifyWinnersResult> {
  return api<NotifyWinnersResult>('/api/console/winners/notify', { method: 'POST', body, allowUnauthorized: true });
}

export const operatorsQuery = queryOptions({
  queryKey: ['console', 'operators'],
  queryFn: async () => (await api<{ operators: OperatorRow[] }>('/api/console/operators', { allowUnauthorized: true })).operators,
});

export function saveOperator(email: string, role: Role): Promise<{ email: string; role: Role }> {
  return api('/api/console/operators', { method: 'POST', body: { email, role }, allowUnauthorized: true });
}

export function removeOperator(email: string): Promise<{ email: string }> {
  return api(`/api/console/operators/${encodeURIComponent(email)}`, { method: 'DELETE', allowUnauthorized: true });
}

const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  /** An action, or '' for all. */
  action: string;
  /** An operator's e-mail or 'cli', or '' for everyone. */
  actor: string;
  /** Only the rows about this visitor, or this reward (by id). */
  user?: number | undefined;
  reward?: number | undefined;
}

async function fetchAudit(filter: AuditFilter, before?: number): Promise<AuditRow[]> {
  const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
  if (filter.action) query.set('action', filter.action);
  if (filter.actor.trim()) query.set('actor', filter.actor.trim());
  if (filter.user !== undefined) query.set('user', String(filter.user));
  if (filter.reward !== undefined) query.set('reward', String(filter.reward));
  if (before !== undefined) query.set('before', String(before));
  return (await api<{ rows: AuditRow[] }>(`/api/console/audit?${query.toString()}`, { allowUnauthorized: true })).rows;
}

/** The trail for a filter, a page at a time, newest first: each next page starts below the last row shown. */
export const auditQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['console', 'audit', filter],
    queryFn: ({ pageParam }) => fetchAudit(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: AuditRow[]) => (page.length === AUDIT_PAGE_SIZE ? page.at(-1)?.id : undefined),
  });

export const announcementsQuery = queryOptions({
  queryKey: ['console', 'announcements'],
  queryFn: async () =>
    (await api<{ announcements: ConsoleAnnouncement[] }>('/api/console/announcements', { allowUnauthorized: true }))
      .announcements,
});

export function publishAnnouncement(body: NewAnnouncement): Promise<{ id: number }> {
  return api('/api/console/announcements', { method: 'POST', body, allowUnauthorized: true });
}

export function withdrawAnnouncement(id: number): Promise<{ id: number }> {
  return api(`/api/console/announcements/${id}/withdraw`, { method: 'POST', allowUnauthorized: true });
}
