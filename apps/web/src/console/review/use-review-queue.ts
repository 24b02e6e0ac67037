// The review queue's state: the filtered list, the selection, and the results of the last decisions. Pending
// answers come as this reviewer's lease (decision 053): answers no other reviewer holds, asked for again every
// REFRESH_MS while the page is in view (which renews the hold and brings new answers) and after each decision.
// Decided lists page with "Load more". An answer someone else decided or holds is listed with who and when.
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../lib/api-client';
import type { DecisionResult, ReviewDecision, ReviewItem, ReviewPage } from '../console-types';
import { sendDecisions } from './decisions-api';
import { type ReviewFilter, fetchReviews, leaseReviews } from './reviews-api';
import { reviewTexts } from './review-texts';

/** Well inside the server's two-minute hold, and often enough that new answers show without a tap. */
const REFRESH_MS = 20_000;

/** Where the queue stands for this filter (pending only). */
export interface QueueStanding {
  waiting: number;
  oldestSubmittedAt: number | null;
  heldByOthers: number;
}

type Ready = { kind: 'ready'; page: ReviewPage; standing?: QueueStanding };
type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | Ready;

/** An answer that was someone else's: decided elsewhere, or held by another reviewer. */
export interface TakenAnswer {
  item: ReviewItem;
  message: string;
}

async function fetchQueue(filter: ReviewFilter): Promise<Ready> {
  if (filter.state !== 'pending') return { kind: 'ready', page: await fetchReviews(filter) };
  const { items, checkpoints, ...standing } = await leaseReviews(filter);
  return { kind: 'ready', page: { items, checkpoints, nextBefore: null }, standing };
}

const TAKEN_CODES = new Set(['alreadyDecided', 'reviewHeld']);

export function useReviewQueue(filter: ReviewFilter) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [results, setResults] = useState<ReadonlyMap<number, DecisionResult>>(new Map());
  const [taken, setTaken] = useState<readonly TakenAnswer[]>([]);
  const [tally, setTally] = useState(0);
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchQueue(filter).then(
      (ready) => live && setLoad(ready),
      (error: unknown) => live && setLoad({ kind: 'failed', message: failureMessage(error, reviewTexts.loadFailed) }),
    );
    return () => {
      live = false;
    };
  }, [filter, reloads]);

  // A new filter keeps the list on screen until the new one arrives; "Try again" shows the wait.
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const retry = useCallback(() => {
    setLoad({ kind: 'loading' });
    reload();
  }, [reload]);

  // The pending list refreshes by itself while the page is in view, and when it comes back into view.
  useEffect(() => {
    if (filter.state !== 'pending' || busy) return undefined;
    const tick = () => {
      if (document.visibilityState === 'visible') reload();
    };
    const id = setInterval(tick, REFRESH_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [filter.state, busy, reload]);

  const loadMore = useCallback(async () => {
    if (load.kind !== 'ready' || load.page.nextBefore === null) return;
    try {
      const more = await fetchReviews(filter, load.page.nextBefore);
      setLoad({ kind: 'ready', page: { ...more, items: [...load.page.items, ...more.items] } });
    } catch (error) {
      setSummary(failureMessage(error, reviewTexts.loadFailed));
    }
  }, [filter, load]);

  const toggle = useCallback((attemptId: number) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(attemptId)) next.add(attemptId);
      return next;
    });
  }, []);

  const selectAll = useCallback(() => {
    if (load.kind !== 'ready') return;
    setSelected(new Set(load.page.items.filter((item) => item.state === 'pending').map((item) => item.attemptId)));
  }, [load]);

  const decide = useCallback(
    async (decisions: ReviewDecision[]) => {
      if (decisions.length === 0 || busy) return;
      setBusy(true);
      setSummary('');
      try {
        const answered = await sendDecisions(decisions);
        const shown = load.kind === 'ready' ? load.page.items : [];
        const lost = answered.flatMap((result) => {
          const item = shown.find((i) => i.attemptId === result.attemptId);
          return !result.ok && result.code && TAKEN_CODES.has(result.code) && item ? [{ item, message: result.message }] : [];
        });
        setResults(
          new Map(answered.filter((r) => !lost.some((l) => l.item.attemptId === r.attemptId)).map((r) => [r.attemptId, r])),
        );
        setTaken(lost);
        const failures = answered.filter((result) => !result.ok).length;
        const done = answered.length - failures;
        setTally((n) => n + done);
        setSummary(
          [
            reviewTexts.done(done),
            lost.length ? reviewTexts.taken(lost.length) : '',
            failures > lost.length ? reviewTexts.failed(failures - lost.length) : '',
          ]
            .filter(Boolean)
            .join(' '),
        );
        setSelected(new Set());
        reload();
      } catch (error) {
        setSummary(failureMessage(error, reviewTexts.sendFailed));
      } finally {
        setBusy(false);
      }
    },
    [busy, load, reload],
  );

  return {
    load,
    retry,
    loadMore,
    selected,
    toggle,
    selectAll,
    clearSelection: () => setSelected(new Set()),
    results,
    taken,
    tally,
    summary,
    busy,
    decide,
  };
}
