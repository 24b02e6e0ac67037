// The checkpoint screen while its answer waits on the phone (decision 036): for a signal, or, when the phone is
// online, for the server to answer again (issue 30 part 4).
import { useReach } from '../../lib/connection';
import { offlineTexts } from './offline-texts';
import './offline.css';

export function WaitingForSignal() {
  const offline = useReach() === 'offline';
  return (
    <div className="banner banner--waiting" role="status">
      <p className="banner__title">{offline ? offlineTexts.waiting : offlineTexts.waitingServer}</p>
      <p>{offline ? offlineTexts.waitingDetail : offlineTexts.waitingServerDetail}</p>
    </div>
  );
}
