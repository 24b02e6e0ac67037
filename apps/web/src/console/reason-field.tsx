// The reason an operator types for an action that goes into the audit trail (an adjustment, a block, a stock
// change, a voucher handed over anyway, winners notified early): one field, one length limit (the contract's).
import { PARTICIPANT_REASON_MAX_LENGTH } from '@quackquest/contract/core';

interface ReasonFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the message saying the reason is missing, while it shows. */
  missingId?: string | undefined;
}

export function ReasonField({ label, name, value, onChange, missingId }: ReasonFieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        name={name}
        maxLength={PARTICIPANT_REASON_MAX_LENGTH}
        value={value}
        aria-invalid={missingId ? true : undefined}
        aria-describedby={missingId}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
