// The campaign page's rewards and their stock (issue 32 part 2, decision 071): how many are left of how many offered,
// and a change with a reason, a reward at a time. What is added here stays when a version is loaded or restored.
import { type RewardStock, STOCK_CHANGE_MAX } from '@quackquest/contract/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionResult } from '../action-result';
import { AmountField, useAmountAndReason } from '../amount-field';
import { LoadStatus, useAction, useLoaded } from '../console-data';
import { consolePaths } from '../console-paths';
import { ReasonField } from '../reason-field';
import { formatTime } from '../time';
import { stockTexts as t } from './campaign-texts';
import { changeStock, stockQuery } from './stock-api';
import { ConsoleForm } from '../console-form';

export function StockCard() {
  const loaded = useLoaded(stockQuery, t.loadFailed);
  const items = loaded.data;
  return (
    <section className="admin-card" aria-labelledby="stock-title">
      <h2 id="stock-title" className="admin-card__title">
        {t.title}
      </h2>
      <p className="admin-hint">{t.hint}</p>
      {items === undefined ? (
        <LoadStatus loaded={loaded} loadingText={t.loading} />
      ) : items.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <ul className="admin-list">
          {items.map((reward) => (
            <StockRow key={reward.rewardId} reward={reward} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StockRow({ reward }: { reward: RewardStock }) {
  const [open, setOpen] = useState(false);
  const change = useAction({
    run: (asked: { amount: number; reason: string }) => changeStock(reward.rewardId, asked.amount, asked.reason),
    done: (next) => t.changed(next),
    failed: t.changeFailed,
    settle: (client, next) =>
      client.setQueryData(stockQuery.queryKey, (items) => items?.map((r) => (r.rewardId === next.rewardId ? next : r))),
  });
  const busy = change.busy;
  const last = reward.changes[0];
  const { amount, setAmount, reason, setReason, submit: send } = useAmountAndReason(change, STOCK_CHANGE_MAX, t);
  const submit = async () => {
    if (await send()) setOpen(false);
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
            change.clear();
          }}
        >
          {t.change}
        </button>
      )}
      {open && (
        <ConsoleForm id={formId} className="stock-row__form" aria-label={`${t.change} ${reward.item}`} onSubmit={submit}>
          <AmountField label={t.amountLabel} name="amount" max={STOCK_CHANGE_MAX} value={amount} onChange={setAmount} />
          <ReasonField label={t.reasonLabel} name="reason" value={reason} onChange={setReason} />
          <div className="stock-row__buttons">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? t.changing : t.save}
            </button>
            <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </div>
        </ConsoleForm>
      )}
      <ActionResult outcome={change.outcome} className="stock-row__outcome" />
    </li>
  );
}
