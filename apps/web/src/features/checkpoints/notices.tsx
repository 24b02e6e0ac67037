// The reviewers' news at the top of every signed-in screen (docs/product.md §5.7, decision 023): "Your photo for
// Deck Selfie was approved: +3 ducks", or the reason it was not, with "Try again" while an attempt is left.
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { noticeText } from './checkpoint-result';
import { ownPhotoThumb, useNotices } from './notices-api';
import './notices.css';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

export function Notices() {
  const { notices, dismiss } = useNotices();
  return (
    <section className="notices" aria-label={t('notices.label')} aria-live="polite">
      {notices.length > 0 && (
        <ul className="notices__list">
          {notices.map((notice) => (
            <li key={notice.attemptId} className={`notice notice--${notice.decision}`}>
              <div className="notice__body">
                {notice.type === 'Upload' && (
                  // The visitor's own photo, its thumbnail (decision 054): which photo the news is about. The
                  // sentence beside it says so, hence no alt text of its own.
                  <img className="notice__photo" src={ownPhotoThumb(notice.attemptId)} alt="" width={56} height={56} />
                )}
                <p className="notice__text">{noticeText(notice)}</p>
              </div>
              <div className="notice__actions">
                {notice.canRetry && (
                  <Link
                    to={paths.checkpoint(notice.checkpointId)}
                    className="btn btn--primary notice__button"
                    aria-label={t('notices.tryAgainFor', { title: notice.checkpointTitle })}
                    onClick={() => dismiss(notice.attemptId)}
                  >
                    {t('common.tryAgain')}
                  </Link>
                )}
                <button
                  type="button"
                  className="btn btn--ghost notice__button"
                  aria-label={t('notices.okLabel')}
                  onClick={() => dismiss(notice.attemptId)}
                >
                  {t('notices.ok')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
