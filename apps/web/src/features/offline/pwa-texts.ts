// Every text the installable, offline app shows a visitor (decision 035), from the game catalog in the visitor's
// language (decision 037).
import '../../lib/game-texts';
import { catalogTexts, t } from '../../lib/i18n';

/** The install card on /congrats. */
export const installTexts = catalogTexts('pwa', ['installTitle', 'installText', 'installButton', 'installDismiss']);

/** The line over a signed-in screen (offline-banner.tsx): the phone offline, or the server not answering. */
export const offlineLineTexts = {
  offline: {
    /** Over a screen showing the visitor's last saved answers while the network is gone. */
    savedAt: (when: string) => t('pwa.offlineSavedAt', { when }),
    /** Over a screen that has nothing saved yet on this phone. */
    get nothingSaved() {
      return t('pwa.offlineNothingSaved');
    },
  },
  unreachable: {
    savedAt: (when: string) => t('pwa.unreachableSavedAt', { when }),
    get nothingSaved() {
      return t('pwa.unreachableNothingSaved');
    },
  },
  /** A call has waited a long time and still waits. */
  get slow() {
    return t('pwa.slow');
  },
};
