// The campaign page's stored versions (decision 032): the live one marked, each other one restorable through the
// same preview as a pack.
import type { CampaignPage } from '@quackquest/contract/core';
import { formatTime } from '../time';
import { campaignTexts as t } from './campaign-texts';

interface VersionsCardProps {
  /** Undefined until the page has arrived. */
  versions: CampaignPage['versions'] | undefined;
  loading: boolean;
  busy: boolean;
  onRestore: (version: number) => void;
}

export function VersionsCard({ versions, loading, busy, onRestore }: VersionsCardProps) {
  return (
    <section className="admin-card" aria-labelledby="campaign-versions-title">
      <h2 id="campaign-versions-title" className="admin-card__title">
        {t.versionsTitle}
      </h2>
      <p className="admin-hint">{t.versionsHint}</p>
      {versions === undefined ? (
        loading && <p className="loading">{t.loading}</p>
      ) : versions.length === 0 ? (
        <p>{t.noVersions}</p>
      ) : (
        <ul className="admin-list">
          {versions.map((v) => (
            <li key={v.version} className="admin-row" data-live={v.active}>
              <span className="admin-row__rank">{v.version}</span>
              <span className="admin-row__main">
                <strong>
                  {v.name} ({v.campaignId}){v.active && <span className="campaign-live"> {t.live}</span>}
                </strong>
                <span className="admin-row__sub">
                  {formatTime(v.loadedAt)} {t.by(v.loadedBy, v.source)}
                </span>
                <span className="admin-row__sub">
                  {t.counts(v.checkpoints, v.rewards)}, <span className="admin-audit__value">{t.content(v.contentHash)}</span>
                </span>
              </span>
              {!v.active && (
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={busy}
                  aria-label={`${t.restore} ${t.versionLabel(v.version)}`}
                  onClick={() => onRestore(v.version)}
                >
                  {t.restore}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
