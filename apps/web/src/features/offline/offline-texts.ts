// Every visitor-facing text of playing without a signal (decision 036), from the game catalog in the visitor's
// language (decision 037): read when shown, so a change of language shows at once.
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

export const offlineTexts = {
  /** The checkpoint's row and screen while its answer is kept on the phone. */
  get waiting() {
    return t('offline.waiting');
  },
  /** Under "Waiting for signal" on the checkpoint's screen. */
  get waitingDetail() {
    return t('offline.waitingDetail');
  },
  /** The same, when the phone is online but the server does not answer (issue 30 part 4). */
  get waitingServer() {
    return t('offline.waitingServer');
  },
  get waitingServerDetail() {
    return t('offline.waitingServerDetail');
  },
  /** The spin screen while offline: the server chooses the ducks, so the wheel needs it. */
  get spinOffline() {
    return t('offline.spinOffline');
  },
  /** The spin screen while the server does not answer. */
  get spinUnreachable() {
    return t('offline.spinUnreachable');
  },
  /** A kept answer reached the server and completed its checkpoint. */
  sent: (title: string) => t('offline.sent', { title }),
  /** A kept answer reached the server and was not right (a wrong code or a wrong choice). */
  sentNotRight: (title: string) => t('offline.sentNotRight', { title }),
  /** A kept answer the server refused, with its reason (for instance "This checkpoint has ended."). */
  refused: (title: string, reason: string) => t('offline.refused', { title, reason }),
};
