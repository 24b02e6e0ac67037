import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startInstallable } from './features/offline/install-prompt';
import { preloadCampaign } from './lib/campaign-api';
import './styles.css';

preloadCampaign();
startInstallable();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
