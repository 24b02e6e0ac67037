// One labelled input of the sign-in and sign-up forms.
import { EMAIL_MAX_LENGTH } from '@quackquest/contract/core';
import { useId, type InputHTMLAttributes } from 'react';
import { fieldLabels } from './auth-texts';

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

/** The EMAIL field every sign-in and sign-up form asks first, with the server's length limit (§6). */
export function EmailField(props: InputProps & { value: string; onChange: (value: string) => void }) {
  return <FormField label={fieldLabels.email} type="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} {...props} />;
}
