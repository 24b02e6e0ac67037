// The logged-out welcome: Google, the e-mail magic link (with its code fallback) and sign-up.
import { useState } from 'react';
import { Link } from 'react-router';
import { useAlert } from '../../components/alert';
import { paths } from '../../lib/paths';
import { readEmailForSignIn } from './auth-storage';
import { CodePopup } from './code-popup';
import { sendEmailLink } from './email-link-api';
import { EmailLinkPopup } from './email-link-popup';
import { GoogleButton } from './google-button';
import { SentNotice } from './sent-notice';
import { useGoToSignup } from './use-sign-in';
import { t } from '../../lib/i18n';

export function WelcomeSignIn() {
  const alert = useAlert();
  const goToSignup = useGoToSignup();
  const [popup, setPopup] = useState<'email' | 'code' | null>(null);
  const [email, setEmail] = useState(readEmailForSignIn);
  const [sent, setSent] = useState(false);
  const close = () => setPopup(null);
  return (
    <div className="welcome__actions">
      {sent && (
        <SentNotice
          className="welcome__sent"
          email={email}
          onHaveCode={() => setPopup('code')}
          resend={() => sendEmailLink(email, '/')}
        >
          <p>{t('server.linkSent')}</p>
        </SentNotice>
      )}
      <GoogleButton page="welcome" onFailure={(message) => void alert(message)} />
      <button type="button" className="link-button welcome__other press" onClick={() => setPopup('email')}>
        {t('welcome.otherWay')}
      </button>
      <p className="welcome__signup">
        {t('welcome.newHere')} <Link to={paths.signup}>{t('welcome.signUp')}</Link>
      </p>
      {popup === 'email' && (
        <EmailLinkPopup
          initialEmail={email}
          onClose={close}
          onSent={(address) => {
            setEmail(address);
            setSent(true);
            close();
          }}
          onHaveCode={(address) => {
            setEmail(address);
            setPopup('code');
          }}
        />
      )}
      {popup === 'code' && <CodePopup initialEmail={email} onClose={close} onNotFound={goToSignup} />}
    </div>
  );
}
