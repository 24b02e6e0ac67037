// The end of every sign-in: set the session flags and go to /checkpoints (docs/product.md §5.2).
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { readSignupFormData, setSession } from '../../lib/storage';
import { login } from './auth-api';
import {
  clearEmailForSignIn,
  clearEmailProof,
  clearProviderIdToken,
  clearSignupFormData,
  writeEmailProof,
  writeSignupFormData,
} from './auth-storage';
import { decideLogin, type LoginDecision, type Proof } from './login-rules';
import { prefillSignupForm } from './signup-rules';

export function useEnterApp() {
  const navigate = useNavigate();
  return useCallback(
    (email: string, userName: string, after: 'login' | 'signup') => {
      setSession(email, userName);
      // The e-mail link flow forgets emailForSignIn once signed in; a signup also clears its form data.
      clearEmailForSignIn();
      if (after === 'signup') {
        clearSignupFormData();
        clearProviderIdToken();
        clearEmailProof();
      }
      void navigate(paths.checkpoints, { replace: true });
    },
    [navigate],
  );
}

/** POST /api/auth login; a success enters the app, anything else is returned for the caller. */
export function useLogin() {
  const enter = useEnterApp();
  return useCallback(
    async (proof: Proof): Promise<LoginDecision> => {
      const decision = decideLogin(await login(proof), proof.email);
      if (decision.kind === 'session') enter(decision.email, decision.userName, 'login');
      return decision;
    },
    [enter],
  );
}

/**
 * A user not found outside /signup: keep the pre-filled form data and the proof, and go to /signup, where the form
 * signs up with that proof: one e-mail, one code (issue 30 part 3).
 */
export function useGoToSignup() {
  const navigate = useNavigate();
  return useCallback(
    (proof: Proof) => {
      writeSignupFormData(prefillSignupForm(readSignupFormData(), proof.email));
      writeEmailProof(proof);
      void navigate(paths.signup);
    },
    [navigate],
  );
}
