// /console signed out (docs/product.md §15): the address gets an e-mail link that opens /console, and a
// 12-digit code, typed in this browser, for when the link opens on another device (decision 056). A refusal (no role: 403) shows the server's words.
import { OPERATOR_CODE_DIGITS, SIGNIN_CODE_DIGITS } from '@quackquest/contract/core';
import { useEffect, useState } from 'react';
import { failureMessage } from '../lib/api-client';
import { looksLikeEmail } from './email-shape';
import { consoleTexts } from './console-texts';
import type { ConsoleMe } from './console-types';
import { bindBrowser } from '../lib/browser-binding';
import { sendConsoleLink, signInToConsole } from './sign-in-api';
import { ConsoleForm } from './console-form';

interface SignInScreenProps {
  initialError: string;
  onSignedIn: (me: ConsoleMe) => void;
}

// An operator's code; a visitor's shorter one is let through for the server's "no role" answer.
const codePattern = new RegExp(`^(\\d{${OPERATOR_CODE_DIGITS}}|\\d{${SIGNIN_CODE_DIGITS}})$`);

export function SignInScreen({ initialError, onSignedIn }: SignInScreenProps) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState(initialError);
  // The browser is bound as the form opens, so its e-mail counts as its own (decision 058).
  useEffect(() => void bindBrowser(), []);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (failure) {
      setError(failureMessage(failure, consoleTexts.signInFailed));
    } finally {
      setBusy(false);
    }
  };
  const send = () => {
    if (!looksLikeEmail(email)) return setError(consoleTexts.invalidEmail);
    void run(async () => {
      await sendConsoleLink(email);
      setSentTo(email.trim());
    });
  };
  const verify = () => {
    if (!codePattern.test(code.trim())) return setError(consoleTexts.invalidCode(OPERATOR_CODE_DIGITS));
    void run(async () => onSignedIn(await signInToConsole({ email: sentTo, code: code.trim() })));
  };

  return (
    <main className="console-center console-sign-in">
      <h1 className="console-title">{consoleTexts.title}</h1>
      {!sentTo ? (
        <ConsoleForm className="console-form" onSubmit={send}>
          <p>{consoleTexts.signInIntro}</p>
          <label className="field">
            <span className="field__label">{consoleTexts.emailLabel}</span>
            <input
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? consoleTexts.sending : consoleTexts.sendLink}
          </button>
        </ConsoleForm>
      ) : (
        <ConsoleForm className="console-form" onSubmit={verify}>
          <h2 className="console-subtitle">{consoleTexts.checkEmail}</h2>
          <p>{consoleTexts.linkSent(sentTo)}</p>
          <label className="field">
            <span className="field__label">{consoleTexts.codeLabel(OPERATOR_CODE_DIGITS)}</span>
            <input
              className="input console-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OPERATOR_CODE_DIGITS}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          </label>
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? consoleTexts.signingIn : consoleTexts.signIn}
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => {
              setSentTo('');
              setCode('');
              setError('');
            }}
          >
            {consoleTexts.useAnotherAddress}
          </button>
        </ConsoleForm>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </main>
  );
}
