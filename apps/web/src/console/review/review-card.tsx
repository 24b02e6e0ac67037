// One answer in the review queue (docs/product.md §15): where, who, when, the text or the photo, the ducks
// waiting on it, and what became of it. The photo comes from /api/console/photos/:attemptId, which the
// server sends only to reviewers: its thumbnail when the list says so (photo-window.ts), full screen on a tap.
import { forwardRef, useEffect, useRef, useState } from 'react';
import type { DecisionResult, ReviewItem } from '../console-types';
import { formatTime } from '../time';
import { photoSrc } from './photo-src';
import { reviewTexts } from './review-texts';

interface ReviewCardProps {
  item: ReviewItem;
  current: boolean;
  selected: boolean;
  result: DecisionResult | undefined;
  busy: boolean;
  /** Whether the list asks for this card's thumbnail yet (photo-window.ts). */
  loadPhoto: boolean;
  /** The thumbnail arrived or failed: the list may ask for the next. */
  onPhotoSettled: () => void;
  /** The photo's place came into view. */
  onPhotoSeen: () => void;
  onViewPhoto: () => void;
  onFocusCard: () => void;
  onToggle: () => void;
  onApprove: () => void;
  onReject: () => void;
}

export const ReviewCard = forwardRef<HTMLElement, ReviewCardProps>(function ReviewCard(
  {
    item,
    current,
    selected,
    result,
    busy,
    loadPhoto,
    onPhotoSettled,
    onPhotoSeen,
    onViewPhoto,
    onFocusCard,
    onToggle,
    onApprove,
    onReject,
  },
  ref,
) {
  const titleId = `review-${item.attemptId}-title`;
  return (
    <article
      ref={ref}
      tabIndex={-1}
      className={`review-card${current ? ' review-card--current' : ''}${selected ? ' review-card--selected' : ''}`}
      aria-labelledby={titleId}
      aria-current={current ? 'true' : undefined}
      onFocus={onFocusCard}
    >
      <header className="review-card__head">
        <h2 id={titleId} className="review-card__title">
          {item.checkpointTitle}
        </h2>
        <span className={`review-state review-state--${item.state}`}>{reviewTexts.states[item.state]}</span>
      </header>
      {item.question && <p className="review-card__question">{item.question}</p>}
      <p className="review-card__meta">
        <strong>{item.visitorName}</strong> <span className="muted">{item.visitorEmail}</span>
        <br />
        <time dateTime={new Date(item.submittedAt * 1000).toISOString()}>{formatTime(item.submittedAt)}</time>
        {' · '}
        {item.ducks === null
          ? reviewTexts.notSpun
          : item.state === 'pending'
            ? reviewTexts.pendingDucks(item.ducks)
            : reviewTexts.ducks(item.ducks)}
      </p>
      {item.photoUrl ? (
        <CardPhoto
          photoUrl={item.photoUrl}
          alt={reviewTexts.photoAlt(item.checkpointTitle, item.visitorName)}
          load={loadPhoto}
          onSettled={onPhotoSettled}
          onSeen={onPhotoSeen}
          onView={onViewPhoto}
        />
      ) : (
        <blockquote className="review-card__text">{item.text}</blockquote>
      )}
      {item.samePhotoAs && (
        <p className="review-card__same" role="note">
          {reviewTexts.samePhoto(
            item.samePhotoAs.visitorName,
            item.samePhotoAs.checkpointTitle,
            formatTime(item.samePhotoAs.sentAt),
          )}
        </p>
      )}
      {item.earlier.length > 0 && <EarlierAnswers earlier={item.earlier} />}
      {item.decidedBy && item.decidedAt !== null && item.state !== 'pending' && (
        <p className="review-card__decided">
          {reviewTexts.decided(item.state, item.decidedBy, formatTime(item.decidedAt))}
          {item.reason && <>: “{item.reason}”</>}
        </p>
      )}
      {result && !result.ok && (
        <p className="error" role="alert">
          {result.message}
        </p>
      )}
      {item.state === 'pending' && (
        <div className="review-card__actions">
          <label className="checkbox review-card__select">
            <input type="checkbox" checked={selected} onChange={onToggle} />
            {reviewTexts.select}
          </label>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={onApprove}>
            {reviewTexts.approve}
          </button>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={onReject}>
            {reviewTexts.reject}
          </button>
        </div>
      )}
    </article>
  );
});

interface CardPhotoProps {
  photoUrl: string;
  alt: string;
  load: boolean;
  onSettled: () => void;
  onSeen: () => void;
  onView: () => void;
}

/** The thumbnail, as a button that opens the photo full screen; its place is kept (and watched) before it loads. */
function CardPhoto({ photoUrl, alt, load, onSettled, onSeen, onView }: CardPhotoProps) {
  const frame = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState(false);
  const seen = useRef(onSeen);
  useEffect(() => {
    seen.current = onSeen;
  });
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) seen.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <button ref={frame} type="button" className="review-card__photo" title={reviewTexts.viewPhoto} onClick={onView}>
      {load && !failed && (
        <img
          src={photoSrc(photoUrl, 'thumb')}
          alt={alt}
          decoding="async"
          onLoad={onSettled}
          onError={() => {
            setFailed(true);
            onSettled();
          }}
        />
      )}
      {failed && <span className="review-card__photo-failed">{reviewTexts.photoFailed}</span>}
      {!load && <span className="visually-hidden">{alt}</span>}
    </button>
  );
}

/**
 * The visitor's other answers to this checkpoint (issue 28 part 4): what they tried before and what became of it, in
 * words only (an earlier photo is named, not loaded: the ship's link is slow).
 */
function EarlierAnswers({ earlier }: { earlier: ReviewItem['earlier'] }) {
  return (
    <section className="review-card__earlier" aria-label={reviewTexts.earlierAnswers(earlier.length)}>
      <p className="review-card__earlier-title">{reviewTexts.earlierAnswers(earlier.length)}</p>
      <ul>
        {earlier.map((answer) => (
          <li key={answer.attemptId}>
            {answer.text !== null ? <q>{answer.text}</q> : answer.photoUrl ? reviewTexts.aPhoto : reviewTexts.anAnswer}
            {' · '}
            {answer.state ? reviewTexts.states[answer.state] : reviewTexts.notReviewed}
            {answer.reason && <>: {answer.reason}</>}
            {' · '}
            <time dateTime={new Date(answer.submittedAt * 1000).toISOString()}>{formatTime(answer.submittedAt)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
