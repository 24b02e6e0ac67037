// The review queue's state: the filtered list (with "Load more"), the selection, and the results of the last
// decisions. After deciding, the list is read again; a failure stays on its card when the card is still there.
import { useCallback, useEffect, useState } from 'react';
import { failureMessage } from '../../lib/api-client';
import type { DecisionResult, ReviewDecision, ReviewPage } from '../console-types';
import { sendDecisions } from './decisions-api';
import { type ReviewFilter, fetchReviews } from './reviews-api';
import { reviewTexts } from './review-texts';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; page: ReviewPage };

export function useReviewQueue(filter: ReviewFilter) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [results, setResults] = useState<ReadonlyMap<number, DecisionResult>>(new Map());
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchReviews(filter).then(
      (page) => live && setLoad({ kind: 'ready', page }),
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

  const decide = useCallback(
    async (decisions: ReviewDecision[]) => {
      if (decisions.length === 0 || busy) return;
      setBusy(true);
      setSummary('');
      try {
        const answered = await sendDecisions(decisions);
        setResults(new Map(answered.map((result) => [result.attemptId, result])));
        const failures = answered.filter((result) => !result.ok);
        const done = answered.length - failures.length;
        const lost = failures
          .filter((failure) => load.kind === 'ready' && !load.page.items.some((i) => i.attemptId === failure.attemptId))
          .map((failure) => (failure.ok ? '' : failure.message));
        setSummary(
          [reviewTexts.done(done), failures.length ? reviewTexts.failed(failures.length) : '', ...lost].filter(Boolean).join(' '),
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
    clearSelection: () => setSelected(new Set()),
    results,
    summary,
    busy,
    decide,
  };
}
