// The campaign page's rewards and their stock (issue 32 part 2, decision 071): how many are left of how many offered,
// and a change with a reason, a reward at a time. What is added here stays when a version is loaded or restored.
import { type RewardStock, STOCK_CHANGE_MAX } from '@quackquest/contract/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { failureMessage } from '../../lib/api-client';
import { consolePaths } from '../console-paths';
import { ReasonField } from '../reason-field';
import { formatTime } from '../time';
import { stockTexts as t } from './campaign-texts';
import { changeStock, fetchRewardStock } from './stock-api';

/** `reloadKey`: changes when a load or a restore may have changed the rewards, so the card reads them again. */
export function StockCard({ reloadKey }: { reloadKey: number }) {
  const [items, setItems] = useState<RewardStock[] | null>(null);
  const [failure, setFailure] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    fetchRewardStock().then(
      (next) => live && setItems(next),
      (error: unknown) => live && setFailure(failureMessage(error, t.loadFailed)),
    );
    return () => {
      live = false;
    };
  }, [reloadKey, attempt]);

  const replace = (next: RewardStock) =>
    setItems((current) => current?.map((r) => (r.rewardId === next.rewardId ? next : r)) ?? null);

  return (
    <section className="admin-card" aria-labelledby="stock-title">
      <h2 id="stock-title" className="admin-card__title">
        {t.title}
      </h2>
      <p className="admin-hint">{t.hint}</p>
      {failure ? (
        <>
          <p className="error" role="alert">
            {failure}
          </p>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setFailure('');
              setAttempt((n) => n + 1);
            }}
          >
            {t.tryAgain}
          </button>
        </>
      ) : items === null ? (
        <p className="loading">{t.loading}</p>
      ) : items.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="admin-list">
          {items.map((reward) => (
            <StockRow key={reward.rewardId} reward={reward} onChanged={replace} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StockRow({ reward, onChanged }: { reward: RewardStock; onChanged: (r: RewardStock) => void }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const last = reward.changes[0];
  const submit = async () => {
    const n = Number(amount);
    if (!amount.trim() || !Number.isInteger(n) || n === 0 || Math.abs(n) > STOCK_CHANGE_MAX) {
      return setOutcome({ ok: false, text: t.amountInvalid });
    }
    if (!reason.trim()) return setOutcome({ ok: false, text: t.reasonMissing });
    setBusy(true);
    try {
      const next = await changeStock(reward.rewardId, n, reason.trim());
      onChanged(next);
      setAmount('');
      setReason('');
      setOpen(false);
      setOutcome({ ok: true, text: t.changed(next) });
    } catch (error) {
      setOutcome({ ok: false, text: failureMessage(error, t.changeFailed) });
    } finally {
      setBusy(false);
    }
  };
  const formId = `stock-${reward.rewardId}`;
  return (
    <li className="admin-row stock-row" data-sold-out={reward.left === 0}>
      <span className="admin-row__main">
        <strong>{reward.item}</strong>
        <span className="admin-row__sub">
          {t.counts(reward)}
          {reward.left === 0 && <span className="stock-row__sold-out"> {t.soldOut}</span>}
        </span>
        {reward.changed !== 0 && <span className="admin-row__sub">{t.fromConsole(reward.changed)}</span>}
        {last && <span className="admin-row__sub">{t.last(last.amount, last.actor, formatTime(last.at), last.reason)}</span>}
        <Link className="stock-row__history" to={consolePaths.auditOf({ reward: reward.rewardId })}>
          {t.history(reward.item)}
        </Link>
      </span>
      {!open && (
        <button
          type="button"
          className="btn btn--ghost"
          aria-label={`${t.change} ${reward.item}`}
          onClick={() => {
            setOpen(true);
            setOutcome(null);
          }}
        >
          {t.change}
        </button>
      )}
      {open && (
        <form
          id={formId}
          className="stock-row__form"
          aria-label={`${t.change} ${reward.item}`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label className="field">
            <span className="field__label">{t.amountLabel}</span>
            <input
              className="input"
              name="amount"
              type="number"
              inputMode="numeric"
              step={1}
              min={-STOCK_CHANGE_MAX}
              max={STOCK_CHANGE_MAX}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          <ReasonField label={t.reasonLabel} name="reason" value={reason} onChange={setReason} />
          <div className="stock-row__buttons">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? t.changing : t.save}
            </button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      )}
      {outcome &&
        (outcome.ok ? (
          <p className="admin-done stock-row__outcome" role="status">
            {outcome.text}
          </p>
        ) : (
          <p className="error stock-row__outcome" role="alert">
            {outcome.text}
          </p>
        ))}
    </li>
  );
}
