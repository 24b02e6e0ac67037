// The dashboard's numbers, read again every 10 seconds while the tab is visible (and at once when it shows
// again). A failed refresh keeps the last numbers and says so; the next refresh is tried as usual.
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../lib/api-client';
import type { Dashboard } from '../console-types';
import { fetchDashboard } from './dashboard-api';
import { dashboardTexts } from './dashboard-texts';

const REFRESH_MS = 10_000;

export interface LiveNumbers {
  data: Dashboard | null;
  /** When `data` arrived (the browser's clock). */
  updatedAt: Date | null;
  /** The last refresh failed with this message (null once one succeeds). */
  error: string | null;
  retry: () => void;
}

export function useLiveNumbers(load: () => Promise<Dashboard> = fetchDashboard): LiveNumbers {
  const [state, setState] = useState<Omit<LiveNumbers, 'retry'>>({ data: null, updatedAt: null, error: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const busy = useRef(false);
  const live = useRef(true);

  const refresh = useCallback(async () => {
    clearTimeout(timer.current);
    if (busy.current) return;
    busy.current = true;
    try {
      const data = await load();
      if (live.current) setState({ data, updatedAt: new Date(), error: null });
    } catch (error) {
      if (live.current) setState((s) => ({ ...s, error: failureMessage(error, dashboardTexts.loadFailed) }));
    } finally {
      busy.current = false;
      // Hidden tabs wait: the visibility change below starts the next read.
      if (live.current && document.visibilityState === 'visible') {
        timer.current = setTimeout(() => void refresh(), REFRESH_MS);
      }
    }
  }, [load]);

  useEffect(() => {
    live.current = true;
    void refresh();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void refresh();
      else clearTimeout(timer.current);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      live.current = false;
      clearTimeout(timer.current);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refresh]);

  return { ...state, retry: () => void refresh() };
}
