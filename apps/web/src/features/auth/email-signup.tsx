// /signup: the form sends a sign-up link; the link (or its code) comes back here, and the cabin
// answer creates the account (docs/product.md §5.2).
import { useState } from 'react';
import { readSignupFormData, type SignupFormData } from '../../lib/storage';
import { failureMessage } from '../../lib/api-client';
import { sendEmailLink } from './email-link-api';
import { writeEmailForSignIn, writeSignupFormData } from './auth-storage';
import { authTexts } from './auth-texts';
import { SignupQuestion } from './cabin-popup';
import { CodePopup } from './code-popup';
import { EmailLinkSignIn } from './email-link-sign-in';
import type { LinkProof } from './login-rules';
import { SignupForm } from './signup-form';
import { emptySignupForm, formForCabin, pendingSignupOf, prefillSignupForm, validateEmailSignup } from './signup-rules';
import { useEmailSignup } from './use-email-signup';

export function EmailSignup() {
  const [form, setForm] = useState<SignupFormData>(() => readSignupFormData() ?? emptySignupForm);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [codeOpen, setCodeOpen] = useState(false);
  const cabin = useEmailSignup(form);

  const submit = async () => {
    const invalid = validateEmailSignup(form);
    if (invalid) return setError(invalid);
    setError('');
    setBusy(true);
    try {
      // The details go with the link, so the browser that opens it can finish the sign-up (§5.2).
      await sendEmailLink(form.email, '/signup', pendingSignupOf(form));
      const data = { ...form, email: form.email.trim() };
      writeSignupFormData(data);
      writeEmailForSignIn(data.email);
      setSent(true);
    } catch (failure) {
      setError(failureMessage(failure, authTexts.signupFailed));
    } finally {
      setBusy(false);
    }
  };

  const onNotFound = (proof: LinkProof) => {
    const stored = formForCabin(readSignupFormData(), proof);
    if (stored) {
      setForm(stored);
      cabin.open(proof);
      return;
    }
    // The link opened where the form was never filled: pre-fill the e-mail and ask for the rest.
    const prefilled = prefillSignupForm(null, proof.email);
    writeSignupFormData(prefilled);
    setForm(prefilled);
  };

  return (
    <>
      {sent ? (
        <div className="banner signup-sent" role="status">
          <p>{authTexts.signupLinkSent}</p>
          <p className="signup-sent__hint">{authTexts.signupLinkHint}</p>
          <button type="button" className="link-button" onClick={() => setCodeOpen(true)}>
            {authTexts.haveCode}
          </button>
        </div>
      ) : (
        <SignupForm values={form} onChange={setForm} withEmail error={error} busy={busy} onSubmit={() => void submit()} />
      )}
      <EmailLinkSignIn onNotFound={onNotFound} />
      {codeOpen && <CodePopup initialEmail={form.email} onClose={() => setCodeOpen(false)} onNotFound={onNotFound} />}
      {cabin.proof && <SignupQuestion onChoose={cabin.choose} onClose={cabin.close} error={cabin.error} />}
    </>
  );
}
