// The review queue's state: the filtered list, the selection, and the results of the last decisions. Pending
// answers come as this reviewer's lease (decision 053): answers no other reviewer holds, asked for again every
// REFRESH_MS while the page is in view, or sooner when the hold is short (which renews the hold and brings new
// answers), and after each decision.
// Decided lists page with "Load more". An answer someone else decided or holds is listed with who and when.
// This reviewer's latest decisions stay listed with Undo; the server alone says whether its window is still open
// (a phone's clock on a ship may be minutes off).
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../lib/api-client';
import type { DecisionResult, ReviewDecision, ReviewItem, ReviewPage } from '../console-types';
import { sendDecisions, sendUndo } from './decisions-api';
import type { ReviewLease } from '@quackquest/contract/core';
import { type ReviewFilter, fetchReviews, leaseReviews } from './reviews-api';
import { reviewTexts } from './review-texts';

/** Well inside the server's two-minute hold, and often enough that new answers show without a tap. */
const REFRESH_MS = 20_000;

/** Where the queue stands for this filter (pending only). */
export interface QueueStanding {
  waiting: number;
  oldestSubmittedAt: number | null;
  heldByOthers: number;
  /** Unix seconds: this reviewer's hold ends then unless the list refreshes. */
  leasedUntil: number;
  /** Unix seconds: when this answer arrived (the oldest answer's age is counted from it). */
  readAt: number;
}

type Ready = { kind: 'ready'; page: ReviewPage; standing?: QueueStanding };
type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | Ready;

/** An answer that was someone else's: decided elsewhere, or held by another reviewer. */
interface TakenAnswer {
  item: ReviewItem;
  message: string;
}

type Fetched = Ready & { gone?: ReviewLease['gone'] };

/** One of this reviewer's decisions of this session, newest first, with what became of an Undo asked for it. */
export interface RecentDecision {
  item: ReviewItem;
  state: 'approved' | 'rejected';
  /** Why it can no longer be undone, in the server's words. */
  refused?: string;
}

/** How many of the latest decisions keep their Undo on screen. */
const RECENT_MAX = 5;

async function fetchQueue(filter: ReviewFilter, shown: readonly ReviewItem[]): Promise<Fetched> {
  if (filter.state !== 'pending') return { kind: 'ready', page: await fetchReviews(filter) };
  const pending = shown.filter((item) => item.state === 'pending').map((item) => item.attemptId);
  const { items, checkpoints, gone, ...standing } = await leaseReviews(filter, pending);
  return {
    kind: 'ready',
    page: { items, checkpoints, nextBefore: null },
    standing: { ...standing, readAt: Date.now() / 1000 },
    gone,
  };
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
  const [recent, setRecent] = useState<readonly RecentDecision[]>([]);

  // What is on screen when a refresh is asked for: answers that left it for someone else are said so.
  const shownRef = useRef<readonly ReviewItem[]>([]);
  useEffect(() => {
    shownRef.current = load.kind === 'ready' ? load.page.items : [];
  }, [load]);
  useEffect(() => {
    let live = true;
    const shown = shownRef.current;
    fetchQueue(filter, shown).then(
      ({ gone, ...ready }) => {
        if (!live) return;
        setLoad(ready);
        const lost = (gone ?? []).flatMap(({ attemptId, message }) => {
          const item = shown.find((i) => i.attemptId === attemptId);
          return item ? [{ item, message }] : [];
        });
        if (lost.length)
          setTaken((current) => [...lost, ...current.filter((t) => !lost.some((l) => l.item.attemptId === t.item.attemptId))]);
      },
      (error: unknown) => {
        if (!live) return;
        // A refresh that fails (the ship's link dropped) keeps the list on screen and tries again at the next tick.
        const failed = { kind: 'failed', message: failureMessage(error, reviewTexts.loadFailed) } as const;
        setLoad((current) => (current.kind === 'ready' && current.page.items.length ? current : failed));
      },
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

  // The pending list refreshes by itself while the page is in view (and as it comes back into view): every
  // REFRESH_MS, and before half the hold is gone when the server's hold is shorter.
  const leasedUntil = load.kind === 'ready' ? load.standing?.leasedUntil : undefined;
  useEffect(() => {
    if (filter.state !== 'pending' || busy || leasedUntil === undefined) return undefined;
    const delay = Math.max(1000, Math.min(REFRESH_MS, (leasedUntil * 1000 - Date.now()) / 2));
    const tick = () => {
      if (document.visibilityState === 'visible') reload();
    };
    const id = setTimeout(tick, delay);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearTimeout(id);
      document.removeEventListener('visibilitychange', tick);
    };
    // Each reload arms the next tick, so a failed refresh is tried again too.
  }, [filter.state, busy, leasedUntil, reload, reloads]);

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
        if (lost.length) setTaken((current) => [...lost, ...current]);
        const decided = answered.flatMap((result) => {
          const item = shown.find((i) => i.attemptId === result.attemptId);
          return result.ok && item && result.state !== 'pending' ? [{ item, state: result.state }] : [];
        });
        setRecent((current) =>
          [...decided.reverse(), ...current.filter((r) => !decided.some((d) => d.item.attemptId === r.item.attemptId))].slice(
            0,
            RECENT_MAX,
          ),
        );
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

  const undo = useCallback(
    async (attemptId: number) => {
      if (busy) return;
      const entry = recent.find((r) => r.item.attemptId === attemptId);
      if (!entry) return;
      setBusy(true);
      setSummary('');
      try {
        await sendUndo(attemptId);
        setRecent((current) => current.filter((r) => r.item.attemptId !== attemptId));
        setTally((n) => Math.max(0, n - 1));
        setSummary(reviewTexts.undone(entry.item.checkpointTitle, entry.item.visitorName));
        // The answer comes back held for this reviewer: the list shows it again to decide anew.
        reload();
      } catch (error) {
        const refused = failureMessage(error, reviewTexts.undoFailed);
        setRecent((current) => current.map((r) => (r.item.attemptId === attemptId ? { ...r, refused } : r)));
      } finally {
        setBusy(false);
      }
    },
    [busy, recent, reload],
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
    recent,
    undo,
  };
}
