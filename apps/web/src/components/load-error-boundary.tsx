// A screen whose code cannot be loaded (a lost connection, or a new deploy that renamed the
// bundles) shows a way out instead of a blank page.
import { Component, type ReactNode } from 'react';
import { useScreens } from '../lib/campaign-api';
import { t } from '../lib/i18n';

export class LoadErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="screen screen--center">
        <Title />
        <p>{t('common.pageLoadFailed')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('common.tryAgain')}
        </button>
      </main>
    );
  }
}

/** The campaign's words for it (campaign.yaml texts.loadErrorTitle), when the campaign could be loaded. */
function Title() {
  return <h1 className="title">{useScreens()?.loadErrorTitle ?? t('common.somethingWrong')}</h1>;
}
