// Str (docs/product.md §2.7): a short text answer, at most 10 characters, sent now for review.
import { type Checkpoint, STR_MAX_LENGTH, messages } from '@quackquest/contract/core';
import { type FormEvent, useState } from 'react';
import { useAlert } from '../../components/alert';
import { paths } from '../../lib/paths';
import { keys, write } from '../../lib/storage';
import { redirectDelayMs } from './timing';
import { useAttempt } from './use-attempt';
import { useDelayedNavigate } from './use-delayed-navigate';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';
import { sayText } from '../../lib/api-client';

export function StrAction({ checkpoint }: { checkpoint: Checkpoint }) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const alert = useAlert();
  const submitAttempt = useAttempt(checkpoint);
  const navigateLater = useDelayedNavigate();
  const locked = busy || submitted !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = text.trim();
    if (!answer) return alert(sayText(messages, 'strEmpty'));
    setBusy(true);
    setError('');
    const outcome = await submitAttempt(answer);
    setBusy(false);
    if (outcome.status === 'failed') return setError(outcome.message);
    if (outcome.status !== 'done') return;
    write(keys.strInput, answer);
    setSubmitted(answer);
    navigateLater(paths.congrats, redirectDelayMs.strSubmit);
  };

  return (
    <form className="action" onSubmit={(e) => void submit(e)} noValidate>
      <label className="field">
        <span className="field__label">{t('checkpoint.yourAnswer')}</span>
        <span className="str__row">
          <input
            className="input str__input"
            value={text}
            maxLength={STR_MAX_LENGTH}
            placeholder={t('checkpoint.strPlaceholder', { max: STR_MAX_LENGTH })}
            onChange={(e) => setText(e.target.value)}
            readOnly={locked}
            aria-describedby="str-counter"
            autoComplete="off"
          />
          <span id="str-counter" className="str__counter">
            {text.length}/{STR_MAX_LENGTH}
          </span>
        </span>
      </label>
      {submitted !== null && (
        <p className="action__status action__status--ok" role="status">
          {t('checkpoint.submittedLabel')} <strong translate="no">{submitted}</strong>
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--duck btn--block" disabled={locked}>
        {busy ? t('checkpoint.submitting') : t('checkpoint.submit')}
      </button>
    </form>
  );
}
