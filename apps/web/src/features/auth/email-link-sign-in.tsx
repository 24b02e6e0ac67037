// Completes an e-mail link sign-in when the page address carries ?token= (on / and /signup):
// the stored emailForSignIn or a prompted one, then verify, then the backend login (docs/product.md §5.2).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAlert } from '../../components/alert';
import { failureMessage } from '../../lib/api-client';
import { verifyEmailLink } from './email-link-verify-api';
import { readEmailForSignIn } from './auth-storage';
import { authTexts } from './auth-texts';
import { EmailPrompt } from './email-prompt';
import { readLinkToken, searchWithoutToken, type LinkProof } from './login-rules';
import { useLogin } from './use-sign-in';

// A token is single use: never spend it twice (React's development mode runs effects twice).
const spentTokens = new Set<string>();

export function EmailLinkSignIn({ onNotFound }: { onNotFound: (proof: LinkProof) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const alert = useAlert();
  const loginWith = useLogin();
  const [token] = useState(() => readLinkToken(location.search));
  // The address the link was sent to, kept on this device; on another device the visitor is asked for it.
  const [stored] = useState(() => (token && !spentTokens.has(token) ? readEmailForSignIn() : null));
  const [state, setState] = useState<'idle' | 'prompt' | 'signing-in'>(() => {
    if (!token || spentTokens.has(token)) return 'idle';
    return stored ? 'signing-in' : 'prompt';
  });
  const started = useRef(false);

  /** Spends the token; the caller shows 'signing-in' first. */
  const signIn = async (email: string) => {
    if (!token || spentTokens.has(token)) return setState('idle');
    spentTokens.add(token);
    void navigate({ search: searchWithoutToken(location.search), hash: location.hash }, { replace: true });
    let message = '';
    try {
      const verified = await verifyEmailLink({ token });
      const decision = await loginWith({ idToken: verified.idToken, email });
      if (decision.kind === 'signup') onNotFound({ ...verified, email });
      else if (decision.kind === 'message') message = decision.text;
    } catch (failure) {
      message = failureMessage(failure, authTexts.authenticationFailed);
    }
    setState('idle');
    if (message) await alert(message);
  };

  const signInStored = useEffectEvent((email: string) => void signIn(email));

  useEffect(() => {
    if (!stored || started.current) return;
    started.current = true;
    signInStored(stored);
  }, [stored]);

  if (state === 'prompt') {
    return (
      <EmailPrompt
        onSubmit={(email) => {
          setState('signing-in');
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
