// One labelled input of the sign-in and sign-up forms.
import { useId, type InputHTMLAttributes } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className' | 'id'>;

export function FormField({
  label,
  value,
  onChange,
  ...input
}: InputProps & { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </div>
  );
}
