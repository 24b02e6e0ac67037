// Every text the installable, offline app shows a visitor (decision 035), from the game catalog in the visitor's
// language (decision 037).
import '../../lib/game-texts';
import { catalogTexts, t } from '../../lib/i18n';

/** The install card on /congrats. */
export const installTexts = catalogTexts('pwa', ['installTitle', 'installText', 'installButton', 'installDismiss']);

export const offlineLineTexts = {
  /** Over a screen showing the visitor's last saved answers while the network is gone. */
  savedAt: (when: string) => t('pwa.offlineSavedAt', { when }),
  /** Over a screen that has nothing saved yet on this phone. */
  get nothingSaved() {
    return t('pwa.offlineNothingSaved');
  },
};
