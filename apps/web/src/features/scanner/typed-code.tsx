// "Type the code instead" (docs/product.md §2.7, decision 029): when the camera cannot scan, the visitor types
// the code printed under the QR. The server grades it exactly like a scan; this form only says what it said.
import { messages } from '@quackquest/contract/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { scanTexts } from './scan-texts';
import type { ScanVerdict } from './use-qr-scanner';
import '../../lib/game-texts';
import { catalogTexts } from '../../lib/i18n';
import { t } from '../../lib/i18n';
import { sayText } from '../../lib/api-client';

const typedCodeTexts = catalogTexts('typed', ['label', 'hint', 'submit']);

type TypedStatus =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'valid' } | { kind: 'stopped' } | { kind: 'bad'; message: string };

interface TypedCodeProps {
  onCode: (text: string) => Promise<ScanVerdict>;
  onValid: () => void;
}

export function TypedCode({ onCode, onValid }: TypedCodeProps) {
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<TypedStatus>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  useEffect(() => input.current?.focus(), []);
  const locked = status.kind === 'checking' || status.kind === 'valid' || status.kind === 'stopped';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const text = code.trim();
    if (!text) return setStatus({ kind: 'bad', message: sayText(messages, 'typedCodeEmpty') });
    setStatus({ kind: 'checking' });
    const verdict = await onCode(text);
    if (verdict === 'valid') {
      setStatus({ kind: 'valid' });
      onValid();
    } else if (verdict === 'invalid') setStatus({ kind: 'bad', message: sayText(messages, 'typedCodeInvalid') });
    else if (verdict === 'stop') setStatus({ kind: 'stopped' });
    // The same code again within 5 s: what was said stays.
    else if (verdict === 'ignore') setStatus((s) => (s.kind === 'checking' ? { kind: 'idle' } : s));
    else setStatus({ kind: 'bad', message: verdict.error });
  };

  const text =
    status.kind === 'checking'
      ? scanTexts.checking
      : status.kind === 'valid'
        ? scanTexts.valid
        : status.kind === 'bad'
          ? status.message
          : '';
  const tone = status.kind === 'valid' ? 'ok' : status.kind === 'bad' ? 'bad' : 'info';
  return (
    <form className="typed-code" onSubmit={(e) => void submit(e)} noValidate aria-label={t('typed.formLabel')}>
      <label className="field">
        <span className="field__label">{typedCodeTexts.label}</span>
        <input
          ref={input}
          className="input typed-code__input"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (status.kind === 'bad') setStatus({ kind: 'idle' });
          }}
          readOnly={locked}
          maxLength={100}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          aria-describedby={hintId}
          aria-invalid={status.kind === 'bad' || undefined}
        />
        <span id={hintId} className="typed-code__hint">
          {typedCodeTexts.hint}
        </span>
      </label>
      <p className={`scan-status scan-status--${tone}${text ? '' : ' scan-status--empty'}`} role="status" aria-live="polite">
        {text}
      </p>
      <button type="submit" className="btn btn--duck btn--block" disabled={locked}>
        {typedCodeTexts.submit}
      </button>
    </form>
  );
}
