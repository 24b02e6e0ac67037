// MCQ (docs/product.md §2.7): up to four lettered answers, toggled, then submitted. The server grades;
// the buttons lock and show Correct or Incorrect, then the visitor moves on.
import { type Checkpoint, messages } from '@quackquest/contract/core';
import { useState } from 'react';
import { useAlert } from '../../components/alert';
import { paths } from '../../lib/paths';
import { type McqLetter, choiceVerdict, parseMcqChoices, toggleChoice } from './mcq';
import { redirectDelayMs } from './timing';
import { useAttempt } from './use-attempt';
import { useDelayedNavigate } from './use-delayed-navigate';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';
import { sayText } from '../../lib/api-client';

export function McqAction({ checkpoint }: { checkpoint: Checkpoint }) {
  const choices = parseMcqChoices(checkpoint.mcqChoices);
  const [selected, setSelected] = useState<McqLetter[]>([]);
  const [graded, setGraded] = useState<{ correct: boolean; correctChoices?: string[] | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const alert = useAlert();
  const submitAttempt = useAttempt(checkpoint);
  const navigateLater = useDelayedNavigate();
  const locked = busy || graded !== null;

  const submit = async () => {
    if (selected.length === 0) return alert(sayText(messages, 'mcqEmpty'));
    setBusy(true);
    setError('');
    const outcome = await submitAttempt(selected);
    setBusy(false);
    if (outcome.status === 'failed') return setError(outcome.message);
    if (outcome.status !== 'done') return;
    const correct = outcome.result.outcome === 'correct';
    setGraded({ correct, correctChoices: outcome.result.correctChoices });
    if (correct) navigateLater(paths.congrats, redirectDelayMs.correctMcq);
    else navigateLater(paths.checkpoints, redirectDelayMs.incorrectMcq);
  };

  return (
    <div className="action">
      <div className="mcq" role="group" aria-label={t('checkpoint.answers')}>
        {choices.map(({ letter, text }) => {
          const verdict = graded ? choiceVerdict(letter, selected, graded) : null;
          const pressed = selected.includes(letter);
          return (
            <button
              key={letter}
              type="button"
              className={`mcq__choice${pressed ? ' mcq__choice--selected' : ''}${verdict ? ` mcq__choice--${verdict.toLowerCase()}` : ''}`}
              aria-pressed={pressed}
              disabled={locked}
              onClick={() => setSelected((s) => toggleChoice(s, letter))}
            >
              <span className="mcq__letter" translate="no">
                {letter.toUpperCase()}
              </span>
              <span className="mcq__text" lang="en">
                {text}
              </span>
              {verdict && (
                <span className="mcq__verdict">
                  {t(verdict === 'Correct' ? 'checkpoint.choiceCorrect' : 'checkpoint.incorrect')}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <p
        className={`action__status${graded ? (graded.correct ? ' action__status--ok' : ' action__status--bad') : ''}`}
        role="status"
      >
        {graded ? (graded.correct ? t('checkpoint.correct') : t('checkpoint.incorrect')) : ''}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--duck btn--block" onClick={() => void submit()} disabled={locked}>
        {busy ? t('checkpoint.submitting') : t('checkpoint.submit')}
      </button>
    </div>
  );
}
