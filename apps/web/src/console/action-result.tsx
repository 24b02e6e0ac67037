// What an operator's last action came to, read out as it changes: the done sentence as a status, the refusal as an
// alert (console-data.tsx's `useAction` holds it).
import type { Outcome } from './console-data';

export function ActionResult({
  outcome,
  okClass = 'admin-done',
  className,
}: {
  outcome: Outcome;
  /** The done sentence's look, where the screen has its own. */
  okClass?: string;
  /** The lines' place in the screen's layout. */
  className?: string;
}) {
  return (
    <div aria-live="polite" className={className}>
      {outcome && (
        <p className={outcome.ok ? okClass : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </div>
  );
}
