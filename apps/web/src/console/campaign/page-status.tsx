// The campaign page before its packs and versions have arrived: a loading line, or what failed and a retry, never
// an empty pack list (a slow or lost connection on board).
import { networkErrorText } from '../../lib/api-client';
import { campaignTexts as t } from './campaign-texts';

interface PageStatusProps {
  /** Why the page could not be read; empty while it loads. */
  failure: string;
  onRetry: () => void;
}

export function PageStatus({ failure, onRetry }: PageStatusProps) {
  if (!failure) {
    return (
      <p className="loading" role="status">
        {t.pageLoading}
      </p>
    );
  }
  return (
    <div className="console-notice" role="alert">
      <p>{t.pageFailed}</p>
      {/* The server's own words when it answered; a lost connection is already what the line above says. */}
      {failure !== t.pageFailed && failure !== networkErrorText() && <p className="muted">{failure}</p>}
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {t.tryAgain}
      </button>
    </div>
  );
}
