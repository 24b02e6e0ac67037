// The console's second tap for an action that cannot be taken back (removing an operator, turning a kiosk off): the
// question in words, the action in the danger colour, and Cancel. One component, so each such action asks the same way.

interface ConfirmGroupProps {
  /** The question, which also names the group for a screen reader. */
  question: string;
  /** The button that does it ("Remove", "Turn it off"). */
  yes: string;
  cancel: string;
  /** While the action runs: its button waits. */
  busy?: boolean;
  onYes: () => void;
  onCancel: () => void;
}

export function ConfirmGroup({ question, yes, cancel, busy = false, onYes, onCancel }: ConfirmGroupProps) {
  return (
    <span className="admin-confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <span className="admin-actions">
        <button type="button" className="btn btn--danger" disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {cancel}
        </button>
      </span>
    </span>
  );
}
