// /signup-google: the rest of the profile after Google sign-in, then the cabin popup (docs/product.md §2.4).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { readSignupFormData, type SignupFormData } from '../../lib/storage';
import { signup } from './auth-api';
import { clearProviderIdToken, readProviderIdToken } from './auth-storage';
import { authTexts } from './auth-texts';
import { SignupQuestion } from './cabin-popup';
import type { Proof } from './login-rules';
import { SignupForm } from './signup-form';
import { decideProviderSignup, emptySignupForm, signupPayload, validateProviderSignup } from './signup-rules';
import { useEnterApp } from './use-sign-in';
import './signup-texts';
import { t } from '../../lib/i18n';

export function ProviderSignup() {
  const navigate = useNavigate();
  const enter = useEnterApp();
  const [form, setForm] = useState<SignupFormData>(() => readSignupFormData() ?? emptySignupForm);
  const [error, setError] = useState('');
  const [proof, setProof] = useState<Proof | null>(null);
  const [cabinError, setCabinError] = useState('');
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const submit = () => {
    const invalid = validateProviderSignup(form);
    if (invalid) return setError(invalid);
    const idToken = readProviderIdToken();
    if (!idToken || !form.email) return setError(authTexts.noProviderUser);
    setError('');
    setCabinError('');
    setProof({ idToken, email: form.email });
  };

  const choose = async (cabinOwner: boolean) => {
    if (!proof) return;
    setCabinError('');
    const decision = decideProviderSignup(await signup(signupPayload(form, proof, cabinOwner)), form, proof);
    if (decision.kind === 'session') return enter(decision.email, decision.userName, 'signup');
    if (decision.kind === 'message') return setCabinError(decision.text);
    clearProviderIdToken();
    setProof(null);
    setError(decision.text);
    redirect.current = window.setTimeout(() => void navigate(decision.redirectTo, { replace: true }), decision.afterMs);
  };

  return (
    <>
      {form.email && (
        <p className="signup-as">
          {t('signup.signingUpAs')} <strong>{form.email}</strong>
        </p>
      )}
      <SignupForm values={form} onChange={setForm} withEmail={false} error={error} busy={proof !== null} onSubmit={submit} />
      {proof && <SignupQuestion onChoose={choose} onClose={() => setProof(null)} error={cabinError} />}
    </>
  );
}
