// "Have a code instead?": the 8-digit code from the e-mail signs in when the link opened in another
// browser (POST /api/auth/email-link/verify {email, code}).
import { SIGNIN_CODE_DIGITS } from '@quackquest/contract/core';
import { useState } from 'react';
import { Modal } from '../../components/modal';
import { failureMessage } from '../../lib/api-client';
import { verifyEmailLink } from './email-link-verify-api';
import { authTexts } from './auth-texts';
import { EmailField, FormField } from './form-field';
import type { LinkProof } from './login-rules';
import { validateMagicLinkEmail } from './signup-rules';
import { useLogin } from './use-sign-in';
import { t } from '../../lib/i18n';

interface CodePopupProps {
  initialEmail: string;
  onClose: () => void;
  /** The code proved the address but no account has it yet. */
  onNotFound: (proof: LinkProof) => void;
}

export function CodePopup({ initialEmail, onClose, onNotFound }: CodePopupProps) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const loginWith = useLogin();
  const submit = async () => {
    const invalid = validateMagicLinkEmail(email);
    if (invalid) return setError(invalid);
    setError('');
    setBusy(true);
    try {
      const proof = await verifyEmailLink({ email: email.trim(), code: code.trim() });
      const decision = await loginWith(proof);
      if (decision.kind === 'signup') {
        onClose();
        onNotFound(proof);
      } else if (decision.kind === 'message') {
        setError(decision.text);
      }
    } catch (failure) {
      setError(failureMessage(failure, authTexts.authenticationFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={t('auth.enterCode')} onClose={onClose} closeOnBackdrop={false}>
      <form
        className="auth-dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="dialog__text">{t('auth.codeLine', { digits: SIGNIN_CODE_DIGITS })}</p>
        <EmailField value={email} onChange={setEmail} />
        <FormField
          label={t('auth.field.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SIGNIN_CODE_DIGITS}
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, ''))}
          autoFocus
        />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? authTexts.signingIn : t('auth.signIn')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {authTexts.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
