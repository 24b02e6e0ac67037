// Completes an e-mail link sign-in when the page address carries ?token= (on / and /signup):
// the stored emailForSignIn or a prompted one, then verify, then the backend login (docs/product.md §5.2).
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAlert } from '../../components/alert';
import { messageOf, verifyEmailLink } from './auth-api';
import { readEmailForSignIn } from './auth-storage';
import { authTexts } from './auth-texts';
import { EmailPrompt } from './email-prompt';
import { readLinkToken, searchWithoutToken, type Proof } from './login-rules';
import { useLogin } from './use-sign-in';

// A token is single use: never spend it twice (React's development mode runs effects twice).
const spentTokens = new Set<string>();

export function EmailLinkSignIn({ onNotFound }: { onNotFound: (proof: Proof) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const alert = useAlert();
  const loginWith = useLogin();
  const [token] = useState(() => readLinkToken(location.search));
  const [state, setState] = useState<'idle' | 'prompt' | 'signing-in'>('idle');
  const started = useRef(false);

  const signIn = async (email: string) => {
    if (!token || spentTokens.has(token)) return;
    spentTokens.add(token);
    setState('signing-in');
    void navigate({ search: searchWithoutToken(location.search), hash: location.hash }, { replace: true });
    let message = '';
    try {
      const verified = await verifyEmailLink({ token });
      const decision = await loginWith({ idToken: verified.idToken, email });
      if (decision.kind === 'signup') onNotFound({ idToken: verified.idToken, email });
      else if (decision.kind === 'message') message = decision.text;
    } catch (failure) {
      message = messageOf(failure, authTexts.authenticationFailed);
    }
    setState('idle');
    if (message) await alert(message);
  };

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    const stored = readEmailForSignIn();
    if (stored) void signIn(stored);
    else setState('prompt');
    // Runs once per page load: the token is read when the page opens.
  }, []);

  if (state === 'prompt') {
    return (
      <EmailPrompt
        onSubmit={(email) => {
          setState('idle');
          void signIn(email);
        }}
        onCancel={() => setState('idle')}
      />
    );
  }
  if (state === 'signing-in') {
    return (
      <div className="auth-overlay" role="status" aria-live="polite">
        <span className="auth-overlay__text">{authTexts.signingIn}</span>
      </div>
    );
  }
  return null;
}
