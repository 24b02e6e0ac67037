// /console/review (docs/product.md §15; admin, reviewer): the text answers and photos waiting for a person,
// oldest first, filtered by state, checkpoint and type. Pending answers are this reviewer's own (a lease, decision
// 053), refreshed by themselves; the queue's size, its oldest answer's age and the reviewer's tally show above.
// Approve or reject one or many; on a laptop, j/k move, x selects, a approves, r rejects.
import { useEffect, useMemo, useRef, useState } from 'react';
import { REVIEW_STATES, type ReviewItem, type ReviewState } from '../console-types';
import { PhotoViewer } from './photo-viewer';
import { photosToLoad } from './photo-window';
import { RejectDialog } from './reject-dialog';
import { ReviewCard } from './review-card';
import { SETTLE_MS, decisionTargets, moveCursor, shortcutLegend, shortcutOf } from './review-keys';
import { reviewTexts } from './review-texts';
import type { ReviewFilter } from './reviews-api';
import { type QueueStanding, type RecentDecision, useReviewQueue } from './use-review-queue';
import '../review.css';

export default function ReviewScreen() {
  const [state, setState] = useState<ReviewState>('pending');
  const [checkpoint, setCheckpoint] = useState('');
  const [type, setType] = useState<ReviewFilter['type']>('');
  const filter = useMemo(() => ({ state, checkpoint, type }), [state, checkpoint, type]);
  const queue = useReviewQueue(filter);
  const [cursor, setCursor] = useState(-1);
  const [rejecting, setRejecting] = useState<number[] | null>(null);
  const [viewing, setViewing] = useState<ReviewItem | null>(null);
  const cards = useRef(new Map<number, HTMLElement>());
  // Thumbnails arrived (or failed) and photos come into view, by attempt: which to ask for next (decision 054).
  const [settledPhotos, setSettledPhotos] = useState<ReadonlySet<number>>(new Set());
  const [seenPhotos, setSeenPhotos] = useState<ReadonlySet<number>>(new Set());
  const addTo = (set: ReadonlySet<number>, id: number) => (set.has(id) ? set : new Set(set).add(id));

  const items = useMemo(() => (queue.load.kind === 'ready' ? queue.load.page.items : []), [queue.load]);
  // Cards that just moved into place cannot be decided for SETTLE_MS: the second tap of a double tap would land on
  // an answer nobody has looked at (issue 28 part 3). Their buttons are disabled meanwhile, which shows it too.
  const order = items.map((item) => item.attemptId).join(' ');
  const [settledOrder, setSettledOrder] = useState(order);
  const settling = settledOrder !== order;
  useEffect(() => {
    const id = setTimeout(() => setSettledOrder(order), SETTLE_MS);
    return () => clearTimeout(id);
  }, [order]);
  const current = items[Math.min(cursor, items.length - 1)];
  const loadPhotos = photosToLoad(
    items.filter((item) => item.photoUrl).map((item) => item.attemptId),
    settledPhotos,
    current ? addTo(seenPhotos, current.attemptId) : seenPhotos,
  );
  const approve = (ids: number[]) => void queue.decide(ids.map((attemptId) => ({ attemptId, decision: 'approve' })));
  const reject = (ids: number[], reason: string) => {
    setRejecting(null);
    void queue.decide(ids.map((attemptId) => ({ attemptId, decision: 'reject', reason })));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (rejecting || viewing) return;
      const { key, ctrlKey, metaKey, altKey, repeat } = event;
      const action = shortcutOf({ key, ctrlKey, metaKey, altKey, repeat, target: event.target as HTMLInputElement | null });
      if (!action || items.length === 0) return;
      event.preventDefault();
      if (action === 'next' || action === 'previous') {
        const next = moveCursor(cursor, action, items.length);
        setCursor(next);
        cards.current.get(items[next]!.attemptId)?.focus();
        return;
      }
      const pending = current?.state === 'pending' ? current.attemptId : undefined;
      if (action === 'select' && pending !== undefined) queue.toggle(pending);
      const targets = decisionTargets(queue.selected, pending);
      if (targets.length === 0 || settling) return;
      if (action === 'approve') approve(targets);
      if (action === 'reject') setRejecting(targets);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const checkpoints = queue.load.kind === 'ready' ? queue.load.page.checkpoints : [];
  const selectedIds = [...queue.selected];

  return (
    <section className="review" aria-labelledby="review-title">
      <h1 id="review-title" className="console-title">
        {reviewTexts.title}
      </h1>
      <div className="review-filters">
        <label className="field">
          <span className="field__label">{reviewTexts.stateLabel}</span>
          <select className="input" value={state} onChange={(event) => setState(event.target.value as ReviewState)}>
            {REVIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {reviewTexts.states[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{reviewTexts.checkpointLabel}</span>
          <select className="input" value={checkpoint} onChange={(event) => setCheckpoint(event.target.value)}>
            <option value="">{reviewTexts.allCheckpoints}</option>
            {checkpoints.map((c) => (
              <option key={c.checkpointId} value={c.checkpointId}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{reviewTexts.typeLabel}</span>
          <select className="input" value={type} onChange={(event) => setType(event.target.value as ReviewFilter['type'])}>
            {(['', 'Str', 'Upload'] as const).map((t) => (
              <option key={t} value={t}>
                {reviewTexts.types[t]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {queue.load.kind === 'ready' && queue.load.standing && <Standing standing={queue.load.standing} />}
      {queue.tally > 0 && <p className="review-tally">{reviewTexts.tally(queue.tally)}</p>}
      <p className="review-legend">
        {reviewTexts.shortcuts}:{' '}
        {shortcutLegend.map((s) => (
          <span key={s.key} className="review-legend__key">
            <kbd>{s.key}</kbd> {s.does}
          </span>
        ))}
      </p>
      <p className="review-summary" role="status" aria-live="polite">
        {queue.summary}
      </p>
      {queue.recent.length > 0 && <JustDecided recent={queue.recent} busy={queue.busy} onUndo={(id) => void queue.undo(id)} />}
      {queue.taken.length > 0 && (
        <section className="review-taken" aria-label={reviewTexts.takenTitle}>
          <h2 className="review-taken__title">{reviewTexts.takenTitle}</h2>
          <ul>
            {queue.taken.map(({ item, message }) => (
              <li key={item.attemptId}>
                <strong>{item.checkpointTitle}</strong>, {item.visitorName}: {message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {queue.load.kind === 'loading' && <p className="loading">Loading...</p>}
      {queue.load.kind === 'failed' && (
        <div className="console-notice" role="alert">
          <p>{reviewTexts.loadFailed}</p>
          {queue.load.message !== reviewTexts.loadFailed && <p className="muted">{queue.load.message}</p>}
          <button type="button" className="btn btn--primary" onClick={queue.retry}>
            {reviewTexts.tryAgain}
          </button>
        </div>
      )}
      {queue.load.kind === 'ready' && items.length === 0 && <p className="console-notice">{reviewTexts.empty[state]}</p>}
      {state === 'pending' && items.length > 1 && (
        <button type="button" className="btn btn--ghost review-select-all" onClick={queue.selectAll}>
          {reviewTexts.selectAll}
        </button>
      )}
      <div className="review-list">
        {items.map((item, index) => (
          <ReviewCard
            key={item.attemptId}
            ref={(element) => {
              if (element) cards.current.set(item.attemptId, element);
              else cards.current.delete(item.attemptId);
            }}
            item={item}
            current={item === current}
            selected={queue.selected.has(item.attemptId)}
            result={queue.results.get(item.attemptId)}
            busy={queue.busy || settling}
            loadPhoto={loadPhotos.has(item.attemptId)}
            onPhotoSettled={() => setSettledPhotos((set) => addTo(set, item.attemptId))}
            onPhotoSeen={() => setSeenPhotos((set) => addTo(set, item.attemptId))}
            onViewPhoto={() => setViewing(item)}
            onFocusCard={() => setCursor(index)}
            onToggle={() => queue.toggle(item.attemptId)}
            onApprove={() => approve([item.attemptId])}
            onReject={() => setRejecting([item.attemptId])}
          />
        ))}
      </div>
      {queue.load.kind === 'ready' && queue.load.page.nextBefore !== null && (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => void queue.loadMore()}>
          {reviewTexts.loadMore}
        </button>
      )}
      {selectedIds.length > 0 && (
        <div className="review-bulk" role="region" aria-label="Selected answers">
          <button type="button" className="btn btn--primary" disabled={queue.busy} onClick={() => approve(selectedIds)}>
            {reviewTexts.approveSelected(selectedIds.length)}
          </button>
          <button type="button" className="btn btn--danger" disabled={queue.busy} onClick={() => setRejecting(selectedIds)}>
            {reviewTexts.rejectSelected(selectedIds.length)}
          </button>
          <button type="button" className="btn btn--ghost" onClick={queue.clearSelection}>
            {reviewTexts.clearSelection}
          </button>
        </div>
      )}
      {viewing?.photoUrl && (
        <PhotoViewer
          photoUrl={viewing.photoUrl}
          alt={reviewTexts.photoAlt(viewing.checkpointTitle, viewing.visitorName)}
          onClose={() => setViewing(null)}
        />
      )}
      {rejecting && (
        <RejectDialog
          count={rejecting.length}
          types={items.filter((item) => rejecting.includes(item.attemptId)).map((item) => item.type)}
          onReject={(reason) => reject(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      )}
    </section>
  );
}

/**
 * The reviewer's latest decisions with Undo: the last one in view, the earlier ones folded, so that the list keeps
 * one height above the cards once a decision is made (a growing list would push the next card under the thumb).
 */
function JustDecided({
  recent,
  busy,
  onUndo,
}: {
  recent: readonly RecentDecision[];
  busy: boolean;
  onUndo: (attemptId: number) => void;
}) {
  const entry = ({ item, state, refused }: RecentDecision) => {
    const text = reviewTexts.recentEntry(state, item.checkpointTitle, item.visitorName);
    return (
      <li key={item.attemptId} className="review-recent__entry">
        <span>{text}</span>
        {refused ? (
          <span className="review-recent__refused" role="alert">
            {refused}
          </span>
        ) : (
          <button
            type="button"
            className="btn btn--ghost review-recent__undo"
            disabled={busy}
            aria-label={`${reviewTexts.undo}: ${text}`}
            onClick={() => onUndo(item.attemptId)}
          >
            {reviewTexts.undo}
          </button>
        )}
      </li>
    );
  };
  const [latest, ...earlier] = recent;
  return (
    <section className="review-recent" aria-labelledby="review-recent-title">
      <h2 id="review-recent-title" className="review-recent__title">
        {reviewTexts.recentTitle}
      </h2>
      <ul>{latest && entry(latest)}</ul>
      {earlier.length > 0 && (
        <details className="review-recent__earlier">
          <summary>{reviewTexts.earlier(earlier.length)}</summary>
          <ul>{earlier.map(entry)}</ul>
        </details>
      )}
    </section>
  );
}

/** "38 waiting · oldest 12 min · 20 with other reviewers", for the filter. */
function Standing({ standing }: { standing: QueueStanding }) {
  const oldest = standing.oldestSubmittedAt === null ? null : ageText(standing.readAt - standing.oldestSubmittedAt);
  return <p className="review-standing">{reviewTexts.standing(standing.waiting, oldest, standing.heldByOthers)}</p>;
}

function ageText(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}
