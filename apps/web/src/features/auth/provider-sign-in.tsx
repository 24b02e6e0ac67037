// /login: Google sign-in. The server's callback ends here with #idToken=&email=&name= (or ?error=),
// and the backend login decides: session, sign-up, or a message (docs/product.md §5.2 and §7.1).
// `?error=` carries a code (SignInErrorCode), shown as its known message.
import { authMessages, signInErrorMessage } from '@quackquest/contract/core';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useScreens } from '../../lib/campaign-api';
import { paths } from '../../lib/paths';
import { readSignupFormData } from '../../lib/storage';
import { BrandImage } from './brand-image';
import { writeProviderIdToken, writeSignupFormData } from './auth-storage';
import { GoogleButton } from './google-button';
import { readProviderFragment } from './login-rules';
import { prefillSignupForm } from './signup-rules';
import { useLogin } from './use-sign-in';
import { t } from '../../lib/i18n';
import { sayText } from '../../lib/api-client';

export function ProviderSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const loginWith = useLogin();
  const logo = useScreens()?.logo;
  // Read once, when the page opens.
  const [fragment] = useState(() => readProviderFragment(location.hash));
  const [error, setError] = useState(() => {
    if (fragment === 'invalid') return sayText(authMessages, 'googleFailed');
    if (fragment) return '';
    // Only a known message, chosen by the callback's code: never the address's own text (issue 12).
    const code = new URLSearchParams(location.search).get('error');
    return code === null ? '' : signInErrorMessage(code);
  });
  const [busy, setBusy] = useState(() => fragment !== null && fragment !== 'invalid');
  const started = useRef(false);

  const signIn = useEffectEvent(() => {
    if (!fragment) return;
    // The token must not stay in the address bar or the history.
    void navigate({ search: location.search, hash: '' }, { replace: true });
    if (fragment === 'invalid') return;
    loginWith(fragment)
      .then((decision) => {
        if (decision.kind === 'signup') {
          writeSignupFormData(prefillSignupForm(readSignupFormData(), fragment.email, fragment.name));
          writeProviderIdToken(fragment.idToken);
          void navigate(paths.signupGoogle);
        } else if (decision.kind === 'message') {
          setError(decision.text);
          setBusy(false);
        }
      })
      .catch(() => {
        setError(sayText(authMessages, 'googleFailed'));
        setBusy(false);
      });
  });

  useEffect(() => {
    if (!fragment || started.current) return;
    started.current = true;
    signIn();
  }, [fragment]);

  return (
    <>
      {logo && <BrandImage className="login-logo" src={logo.url} alt="" width={260} height={70} />}
      <div className="login-panel card">
        <p>{t('auth.googleLead')}</p>
        <div className="login-panel__error" aria-live="polite">
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
        </div>
        <GoogleButton page="login" busy={busy} onFailure={setError} />
      </div>
    </>
  );
}
