// The last step of the e-mail sign-up: the cabin answer creates the account (docs/product.md §5.2, steps 4-5).
import { useState } from 'react';
import { login, signup } from './auth-api';
import { authTexts } from './auth-texts';
import { decideLogin, type Proof } from './login-rules';
import { decideSignup, signupPayload, type SignupFormValues } from './signup-rules';
import { useEnterApp } from './use-sign-in';

/** `onProofRefused`: the proof expired or was spent before the answer; the popup closes and the form says why. */
export function useEmailSignup(form: SignupFormValues, onProofRefused: (text: string) => void) {
  const enter = useEnterApp();
  const [proof, setProof] = useState<Proof | null>(null);
  const [error, setError] = useState('');

  const choose = async (cabinOwner: boolean) => {
    if (!proof) return;
    setError('');
    const decision = decideSignup(await signup(signupPayload(form, proof, cabinOwner)), form, proof);
    if (decision.kind === 'session') return enter(decision.email, decision.userName, 'signup');
    if (decision.kind === 'message') return setError(decision.text);
    if (decision.kind === 'proofRefused') {
      setProof(null);
      return onProofRefused(decision.text);
    }
    // 'already exists': treated as logged in, so log in to get the server's session.
    const loggedIn = decideLogin(await login(proof), proof.email);
    if (loggedIn.kind === 'session') return enter(loggedIn.email, loggedIn.userName, 'signup');
    setError(loggedIn.kind === 'message' ? loggedIn.text : authTexts.signupFailed);
  };

  return {
    /** Set when the signed-in address has no account yet: the cabin popup is open. */
    proof,
    error,
    open: (next: Proof) => {
      setError('');
      setProof(next);
    },
    close: () => setProof(null),
    choose,
  };
}
