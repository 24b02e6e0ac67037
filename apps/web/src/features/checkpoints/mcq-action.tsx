// MCQ (docs/product.md §2.7): up to four lettered answers, toggled, then submitted. The server grades. A right
// answer locks the buttons, shows the right choices and goes on to the congratulations; a wrong one with tries
// left says how many and lets the visitor try again where they are; after the last try the right choices show
// and the visitor stays until they go back themselves (issue 27 part 4).
import { type Checkpoint, messages } from '@quackquest/contract/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAlert } from '../../components/alert';
import { paths } from '../../lib/paths';
import { type McqLetter, choiceVerdict, parseMcqChoices, toggleChoice } from './mcq';
import { triesLeft } from './checkpoint-state';
import { redirectDelayMs } from './timing';
import { useAttempt } from './use-attempt';
import { useDelayedNavigate } from './use-delayed-navigate';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';
import { sayText } from '../../lib/api-client';

export function McqAction({ checkpoint }: { checkpoint: Checkpoint }) {
  const choices = parseMcqChoices(checkpoint.mcqChoices);
  const [selected, setSelected] = useState<McqLetter[]>([]);
  /** The last answer's grade; a wrong one with tries left (no correct letters) leaves the choices open. */
  const [graded, setGraded] = useState<Graded | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const alert = useAlert();
  const submitAttempt = useAttempt(checkpoint);
  const navigateLater = useDelayedNavigate();
  const final = graded !== null && (graded.correct || graded.correctChoices !== undefined);
  const locked = busy || final;

  const submit = async () => {
    if (selected.length === 0) return alert(sayText(messages, 'mcqEmpty'));
    setBusy(true);
    setError('');
    const outcome = await submitAttempt(selected);
    setBusy(false);
    if (outcome.status === 'failed') return setError(outcome.message);
    if (outcome.status !== 'done') return;
    const { result } = outcome;
    const correct = result.outcome === 'correct';
    setGraded({ correct, correctChoices: result.correctChoices, left: triesLeft(result) });
    if (correct) navigateLater(paths.congrats, redirectDelayMs.correctMcq);
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
              className={`mcq__choice${pressed ? ' mcq__choice--selected' : ''}${verdict ? ` mcq__choice--${verdict}` : ''}`}
              aria-pressed={pressed}
              disabled={locked}
              onClick={() => {
                setSelected((s) => toggleChoice(s, letter));
                if (!final) setGraded(null);
              }}
            >
              <span className="mcq__letter" translate="no">
                {letter.toUpperCase()}
              </span>
              <span className="mcq__text" lang="en">
                {text}
              </span>
              {verdict && <span className="mcq__verdict">{t(`checkpoint.choice.${verdict}`)}</span>}
            </button>
          );
        })}
      </div>
      <p
        className={`action__status${graded ? (graded.correct ? ' action__status--ok' : ' action__status--bad') : ''}`}
        role="status"
      >
        {graded ? gradeText(graded) : ''}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {final && !graded.correct ? (
        <Link to={paths.checkpoints} className="btn btn--ghost btn--block">
          {t('common.backToCheckpoints')}
        </Link>
      ) : (
        <button type="button" className="btn btn--duck btn--block" onClick={() => void submit()} disabled={locked}>
          {busy ? t('checkpoint.submitting') : graded && !graded.correct ? t('checkpoint.submitAgain') : t('checkpoint.submit')}
        </button>
      )}
    </div>
  );
}

interface Graded {
  correct: boolean;
  correctChoices?: string[] | undefined;
  /** Tries left after this answer; undefined when they are unlimited. */
  left: number | undefined;
}

/** "Correct!", "Not quite. You have 1 try left.", or after the last try, the right choices shown. */
function gradeText({ correct, correctChoices, left }: Graded): string {
  if (correct) return t('checkpoint.correct');
  if (correctChoices) return t('checkpoint.lastTryWrong');
  return left === undefined ? t('checkpoint.notQuite') : t('checkpoint.notQuiteLeft', { n: left });
}
