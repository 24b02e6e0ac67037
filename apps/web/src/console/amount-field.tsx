// A whole amount an operator adds or takes away (ducks on a visitor, units of a reward's stock): one field and one
// reading of what was typed, each surface with its own limit from the contract, which the server enforces too.
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
