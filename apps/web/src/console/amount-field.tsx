// A whole amount an operator adds or takes away (ducks on a visitor, units of a reward's stock): one field, one
// reading of what was typed and one form of an amount with its reason, each surface with its own limit from the
// contract, which the server enforces too.
import { useState } from 'react';
import type { Action } from './console-data';

interface AmountFieldProps {
  label: string;
  name: string;
  /** The most either way. */
  max: number;
  value: string;
  onChange: (value: string) => void;
}

export function AmountField({ label, name, max, value, onChange }: AmountFieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        name={name}
        type="number"
        inputMode="numeric"
        step={1}
        min={-max}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** What was typed as a whole number other than 0, at most `max` either way; null when it is not one. */
export function wholeAmount(typed: string, max: number): number | null {
  const n = Number(typed);
  return typed.trim() && Number.isInteger(n) && n !== 0 && Math.abs(n) <= max ? n : null;
}

/**
 * An amount and the reason for it, as an adjustment or a stock change asks them: both checked before the call (the
 * sentence in `texts`), both cleared once it is done. `submit` resolves true when the action was done.
 */
export function useAmountAndReason(
  action: Action<{ amount: number; reason: string }, unknown>,
  max: number,
  texts: { amountInvalid: string; reasonMissing: string },
) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = async (): Promise<boolean> => {
    const n = wholeAmount(amount, max);
    const refusal = n === null ? texts.amountInvalid : reason.trim() ? '' : texts.reasonMissing;
    if (refusal || n === null) {
      action.refuse(refusal);
      return false;
    }
    if ((await action.act({ amount: n, reason: reason.trim() })) === undefined) return false;
    setAmount('');
    setReason('');
    return true;
  };
  return { amount, setAmount, reason, setReason, submit };
}
