// /signup: the form sends a sign-up link; the link (or its code) comes back here, and the cabin answer creates the
// account (docs/product.md §5.2). An address already proven by a link or a code (kept by use-sign-in.ts, or proven
// here) is not e-mailed again: the form signs up with that proof, one e-mail and one code in all (issue 30 part 3).
import { useEffect, useState } from 'react';
import { readSignupFormData, type SignupFormData } from '../../lib/storage';
import { failureMessage } from '../../lib/api-client';
import { bindBrowser } from '../../lib/browser-binding';
import { t } from '../../lib/i18n';
import { sendEmailLink } from './email-link-api';
import { clearEmailProof, readEmailProof, writeEmailForSignIn, writeEmailProof, writeSignupFormData } from './auth-storage';
import { authTexts } from './auth-texts';
import { SignupQuestion } from './cabin-popup';
import { CodePopup } from './code-popup';
import { EmailLinkSignIn } from './email-link-sign-in';
import type { LinkProof, Proof } from './login-rules';
import { SentNotice } from './sent-notice';
import { SignupForm } from './signup-form';
import { emptySignupForm, formForCabin, pendingSignupOf, prefillSignupForm, validateEmailSignup } from './signup-rules';
import { useEmailSignup } from './use-email-signup';

export function EmailSignup() {
  const [proven, setProven] = useState<Proof | null>(() => readEmailProof());
  const [form, setForm] = useState<SignupFormData>(() => {
    const stored = readSignupFormData() ?? emptySignupForm;
    return proven ? { ...stored, email: proven.email } : stored;
  });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const [codeOpen, setCodeOpen] = useState(false);
  const cabin = useEmailSignup(form, (text) => {
    // The proof expired while the form was filled in: the button e-mails a link again.
    clearEmailProof();
    setProven(null);
    setError(text);
  });

  // The browser is bound as the form opens, so its e-mail counts as its own (decision 058).
  useEffect(() => void bindBrowser(), []);

  const sendLink = () => sendEmailLink(form.email, '/signup', pendingSignupOf(form));

  const submit = async () => {
    const invalid = validateEmailSignup(form);
    if (invalid) return setError(invalid);
    setError('');
    if (proven) {
      writeSignupFormData(form);
      return cabin.open(proven);
    }
    setBusy(true);
    try {
      // The details go with the link, so the browser that opens it can finish the sign-up (§5.2).
      await sendLink();
      const data = { ...form, email: form.email.trim() };
      writeSignupFormData(data);
      writeEmailForSignIn(data.email);
      setSent(data.email);
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
    // The link opened where the form was never filled: pre-fill the e-mail, keep the proof and ask for the rest.
    const prefilled = prefillSignupForm(null, proof.email);
    writeSignupFormData(prefilled);
    writeEmailProof(proof);
    setProven(proof);
    setSent('');
    setForm(prefilled);
  };

  return (
    <>
      {sent ? (
        <SentNotice className="signup-sent" email={sent} onHaveCode={() => setCodeOpen(true)} resend={sendLink}>
          <p>{authTexts.signupLinkSent}</p>
          <p className="signup-sent__hint">{authTexts.signupLinkHint}</p>
        </SentNotice>
      ) : (
        <>
          {proven && (
            <div className="signup-proven">
              <p className="signup-as">
                {t('signup.signingUpAs')} <strong translate="no">{proven.email}</strong>
              </p>
              <p>{t('signup.addressConfirmed')}</p>
            </div>
          )}
          <SignupForm
            values={form}
            onChange={setForm}
            withEmail={!proven}
            error={error}
            busy={busy}
            onSubmit={() => void submit()}
          />
        </>
      )}
      <EmailLinkSignIn onNotFound={onNotFound} />
      {codeOpen && <CodePopup initialEmail={form.email} onClose={() => setCodeOpen(false)} onNotFound={onNotFound} />}
      {cabin.proof && <SignupQuestion onChoose={cabin.choose} onClose={cabin.close} error={cabin.error} />}
    </>
  );
}
