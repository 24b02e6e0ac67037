// The checkpoint screen while its answer waits on the phone for a signal (decision 036).
import { offlineTexts } from './offline-texts';
import './offline.css';

export function WaitingForSignal() {
  return (
    <div className="banner banner--waiting" role="status">
      <p className="banner__title">{offlineTexts.waiting}</p>
      <p>{offlineTexts.waitingDetail}</p>
    </div>
  );
}
