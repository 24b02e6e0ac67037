// The sign-up form shared by /signup (with EMAIL) and /signup-google (the provider gives the e-mail).
import { INSTAGRAM_MAX_LENGTH, NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '@quackquest/contract/core';
import { useState } from 'react';
import { fieldLabels } from './auth-texts';
import { EmailField, FormField } from './form-field';
import type { SignupFormValues } from './signup-rules';
import { Terms } from './terms';
import { t } from '../../lib/i18n';
import './signup-texts';

interface SignupFormProps<T extends SignupFormValues> {
  values: T;
  onChange: (values: T) => void;
  withEmail: boolean;
  error: string;
  busy: boolean;
  onSubmit: () => void;
}

export function SignupForm<T extends SignupFormValues>({
  values,
  onChange,
  withEmail,
  error,
  busy,
  onSubmit,
}: SignupFormProps<T>) {
  const [termsOpen, setTermsOpen] = useState(false);
  const set = (patch: Partial<SignupFormValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <form
        className="card auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {withEmail && <EmailField required value={values.email} onChange={(email) => set({ email })} />}
        <FormField
          label={fieldLabels.fullName}
          autoComplete="name"
          maxLength={NAME_MAX_LENGTH}
          required
          value={values.fullName}
          onChange={(fullName) => set({ fullName })}
        />
        <FormField
          label={fieldLabels.phone}
          type="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          required
          value={values.phone}
          onChange={(phone) => set({ phone })}
        />
        <FormField
          label={fieldLabels.instagram}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={INSTAGRAM_MAX_LENGTH}
          required
          value={values.instagram}
          onChange={(instagram) => set({ instagram })}
        />
        <div className="checkbox">
          <input
            id="signup-terms"
            type="checkbox"
            required
            checked={values.terms}
            onChange={(event) => set({ terms: event.target.checked })}
          />
          {/* A button inside a label does not toggle the box: it only opens the terms. */}
          <label htmlFor="signup-terms">
            {t('signup.agreeBefore')}{' '}
            <button type="button" className="link-button link-button--inline" onClick={() => setTermsOpen(true)}>
              {t('signup.terms')}
            </button>{' '}
            {t('signup.agreeAfter')}
          </label>
        </div>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--duck btn--block" disabled={busy}>
          {busy ? t('auth.processing') : t('auth.letsGo')}
        </button>
      </form>
      <Terms open={termsOpen} onClose={() => setTermsOpen(false)} />
    </>
  );
}
