// The welcome page's e-mail popup: send a magic link back to / (docs/product.md §2.2).
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal';
import { failureMessage } from '../../lib/api-client';
import { bindBrowser } from '../../lib/browser-binding';
import { sendEmailLink } from './email-link-api';
import { writeEmailForSignIn } from './auth-storage';
import { authTexts } from './auth-texts';
import { EmailField } from './form-field';
import { validateMagicLinkEmail } from './signup-rules';
import { t } from '../../lib/i18n';

interface EmailLinkPopupProps {
  initialEmail: string;
  onClose: () => void;
  onSent: (email: string) => void;
  onHaveCode: (email: string) => void;
}

export function EmailLinkPopup({ initialEmail, onClose, onSent, onHaveCode }: EmailLinkPopupProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // The browser is bound as the form opens, so its e-mail counts as its own (decision 058).
  useEffect(() => void bindBrowser(), []);
  const send = async () => {
    const invalid = validateMagicLinkEmail(email);
    if (invalid) return setError(invalid);
    setError('');
    setSending(true);
    try {
      await sendEmailLink(email, '/');
      writeEmailForSignIn(email);
      onSent(email.trim());
    } catch (failure) {
      setError(failureMessage(failure, authTexts.authenticationFailed));
      setSending(false);
    }
  };
  return (
    <Modal title={t('auth.enterEmail')} onClose={onClose}>
      <form
        className="auth-dialog-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <p className="dialog__text">{t('auth.magicLinkLine')}</p>
        <EmailField value={email} onChange={setEmail} autoFocus />
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {sending ? t('auth.sending') : t('auth.sendMagicLink')}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {authTexts.cancel}
          </button>
        </div>
        <button type="button" className="link-button" onClick={() => onHaveCode(email.trim())}>
          {authTexts.haveCode}
        </button>
      </form>
    </Modal>
  );
}
