// /wheel-check: every spin of the visitor worked out again on their phone, and the seed they spin with (decision 082).
import { WHEEL_SEED_PATTERN } from '@quackquest/contract/wheel';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { BackButton } from '../components/back-button';
import { LoadFailed } from '../components/load-failed';
import { type DayCheck, checkSpins, tally } from '../features/spin/wheel-check';
import { putWheelSeed, useWheelDays, useWheelSpins, wheelSpinsQueryKey } from '../features/spin/wheel-check-api';
import '../features/spin/wheel-check.css';
import { ApiError } from '../lib/api-client';
import { currentLocale, t } from '../lib/i18n';
import { paths } from '../lib/paths';
import '../lib/game-texts';

export default function WheelCheckRoute() {
  const days = useWheelDays();
  const spins = useWheelSpins();
  const [checked, setChecked] = useState<DayCheck[] | null>(null);
  useEffect(() => {
    if (!days.data || !spins.data) return;
    let current = true;
    void checkSpins(days.data.days, spins.data.spins).then((result) => current && setChecked(result));
    return () => {
      current = false;
    };
  }, [days.data, spins.data]);

  const failed = (days.isError && !days.data) || (spins.isError && !spins.data);
  const retry = () => void Promise.all([days.refetch(), spins.refetch()]);
  const counts = checked && tally(checked);
  return (
    <main className="screen wheel-check">
      <div className="screen__top">
        <BackButton to={paths.spin} />
      </div>
      <h1 className="title">{t('wheelCheck.title')}</h1>
      <p className="wheel-check__intro">{t('wheelCheck.intro')}</p>
      {failed ? (
        <LoadFailed what={t('wheelCheck.what')} onRetry={retry} retrying={days.isFetching || spins.isFetching} />
      ) : !checked || !counts || !spins.data ? (
        <p className="loading">{t('common.loading')}</p>
      ) : (
        <>
          {checked.length === 0 ? (
            <p className="card wheel-check__summary">{t('wheelCheck.noSpins')}</p>
          ) : (
            <p
              className={`card wheel-check__summary${counts.mismatch ? ' wheel-check__summary--bad' : ''}`}
              role="status"
              data-testid="wheel-summary"
            >
              {t('wheelCheck.summary', { matched: counts.match, mismatched: counts.mismatch, waiting: counts.waiting })}
            </p>
          )}
          {checked.map((day) => (
            <CheckedDay key={day.day} day={day} />
          ))}
          <SeedForm seed={spins.data.visitorSeed} />
          <details className="wheel-check__how">
            <summary>{t('wheelCheck.howTitle')}</summary>
            <p>{t('wheelCheck.how')}</p>
          </details>
        </>
      )}
    </main>
  );
}

const dayFormat = () =>
  new Intl.DateTimeFormat(currentLocale(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Each number of ducks' share of the wheel, as percentages: "35% · 25% · 20% · 12.5% · 7.5%". */
function oddsText(odds: number[]): string {
  const total = odds.reduce((sum, weight) => sum + weight, 0);
  const percent = new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 2 });
  return odds.map((weight) => percent.format(total > 0 ? weight / total : 0)).join(' · ');
}

function CheckedDay({ day }: { day: DayCheck }) {
  const seedText =
    day.seed === 'hidden'
      ? t('wheelCheck.seedHidden')
      : day.seed === 'match'
        ? t('wheelCheck.seedMatches')
        : t('wheelCheck.seedMismatch');
  return (
    <section className="card wheel-day" aria-labelledby={`wheel-day-${day.day}`}>
      {/* The date is written in the visitor's language by Intl, not by the catalogs. */}
      <h2 className="wheel-day__date" id={`wheel-day-${day.day}`} translate="no">
        {dayFormat().format(Date.parse(`${day.day}T00:00:00Z`))}
      </h2>
      <p className={`wheel-day__seed wheel-day__seed--${day.seed}`}>{seedText}</p>
      <ul className="wheel-day__spins">
        {day.spins.map((spin) => (
          <li key={spin.number} className={`wheel-spin wheel-spin--${day.seed === 'mismatch' ? 'mismatch' : spin.state}`}>
            <span className="wheel-spin__number">{t('wheelCheck.spin', { number: spin.number })}</span>
            <span className="wheel-spin__ducks">{t('wheelCheck.ducks', { ducks: spin.ducks })}</span>
            <span className="wheel-spin__state">
              {spin.state === 'waiting'
                ? t('wheelCheck.waiting')
                : spin.state === 'match'
                  ? t('wheelCheck.match')
                  : t('wheelCheck.mismatch', { expected: spin.expected ?? '?' })}
            </span>
          </li>
        ))}
      </ul>
      {day.odds.length > 0 && <p className="wheel-day__odds">{t('wheelCheck.odds', { odds: oddsText(day.odds) })}</p>}
      {day.commitment && (
        <p className="wheel-day__fingerprint">
          {t('wheelCheck.fingerprint')} <code translate="no">{day.commitment}</code>
        </p>
      )}
    </section>
  );
}

function SeedForm({ seed }: { seed: string }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(seed);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = value.trim();
    if (!WHEEL_SEED_PATTERN.test(chosen)) return setMessage({ ok: false, text: t('wheelCheck.badSeed') });
    setBusy(true);
    try {
      const saved = await putWheelSeed(chosen);
      setValue(saved.visitorSeed);
      setMessage({ ok: true, text: t('wheelCheck.saved') });
      await queryClient.invalidateQueries({ queryKey: wheelSpinsQueryKey });
    } catch (caught) {
      setMessage({ ok: false, text: (caught instanceof ApiError && caught.message) || t('wheelCheck.saveFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card wheel-seed" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field">
        <span className="field__label">{t('wheelCheck.yourSeed')}</span>
        <input
          className="input"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          maxLength={64}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-describedby="wheel-seed-hint"
        />
      </label>
      <p id="wheel-seed-hint" className="wheel-seed__hint">
        {t('wheelCheck.seedHint')}
      </p>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t('wheelCheck.save')}
      </button>
      {message && (
        <p className={message.ok ? 'wheel-seed__saved' : 'wheel-seed__error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
