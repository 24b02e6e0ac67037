// A sign-in link for another address, opened where an operator is signed in (decision 056): the console asks
// before the session is replaced, because anybody can send an operator a link of their own.
import { useState } from 'react';
import { consoleTexts } from './console-texts';
import type { ConsoleMe } from './console-types';
import type { ConsoleProof } from './sign-in-api';

interface SwitchScreenProps {
  me: ConsoleMe;
  next: ConsoleProof;
  onContinue: (next: ConsoleProof) => Promise<void>;
  onStay: (me: ConsoleMe) => void;
}

export function SwitchScreen({ me, next, onContinue, onStay }: SwitchScreenProps) {
  const [busy, setBusy] = useState(false);
  return (
    <main className="console-center console-sign-in">
      <h1 className="console-title">{consoleTexts.title}</h1>
      <section className="console-form" aria-labelledby="switch-heading">
        <h2 className="console-subtitle" id="switch-heading">
          {consoleTexts.switchHeading}
        </h2>
        <p>
          {consoleTexts.switchSignedInAs} <strong>{me.email}</strong>.
        </p>
        <p>
          {consoleTexts.switchLinkFor} <strong>{next.email}</strong>.
        </p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onContinue(next);
          }}
        >
          {busy ? consoleTexts.signingIn : consoleTexts.switchContinue(next.email)}
        </button>
        <button type="button" className="btn btn--ghost btn--block" disabled={busy} onClick={() => onStay(me)}>
          {consoleTexts.switchStay(me.email)}
        </button>
      </section>
    </main>
  );
}
