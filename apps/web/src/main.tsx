import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { finishPendingLogout } from './features/auth/logout-api';
import { startInstallable } from './features/offline/install-prompt';
import { startSayingBusy } from './lib/visitor-first';
import { preloadCampaign } from './lib/campaign-api';
import { initialLocale } from './lib/i18n';
import { activateLocale } from './lib/language';
import './styles.css';

// English is bundled; another language waits for its catalog (a few kB) so the first screen is in it.
await activateLocale(initialLocale()).catch(() => activateLocale('en'));
startSayingBusy();
preloadCampaign();
startInstallable();
finishPendingLogout();
window.addEventListener('online', finishPendingLogout);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
