// /console/exports (docs/product.md §15; admin): download the leaderboard, the claims and the winner notices as CSV,
// and e-mail the winners: choose N, see who would be e-mailed (those already notified marked, and what the prize
// committee must ask about: ducks adjusted by hand, a block, a shared phone, and how each one's ducks came), give a
// reason before the campaign has ended, confirm, see each outcome (issue 32 part 3, decision 074).
import type { NotifyWinnersResult, Winner } from '@quackquest/contract/core';
import { WINNERS_MAX } from '@quackquest/contract/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionResult } from '../action-result';
import { failureOf, useAction } from '../console-data';
import { ReasonField } from '../reason-field';
import { formatTime } from '../time';
import { exportUrls, notifyWinners, winnersQuery } from './admin-api';
import { DownloadForm } from './download-form';
import { exportsTexts as t } from './admin-texts';
import '../admin.css';
import { ConsoleForm } from '../console-form';

type Result = NotifyWinnersResult['results'][number];

export default function ExportsScreen() {
  const [top, setTop] = useState('3');
  /** How many winners the list on screen was asked for; null before "Show" and after the number changed. */
  const [asked, setAsked] = useState<number | null>(null);
  const list = useQuery({ ...winnersQuery(asked ?? 0), enabled: asked !== null });
  const winners = (asked !== null && list.data?.winners) || null;
  const end = asked !== null && list.data ? { endsAt: list.data.endsAt, ended: list.data.ended } : null;
  const listFailure = failureOf(list, t.previewFailed);
  const [earlyReason, setEarlyReason] = useState('');
  const [resend, setResend] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  const notify = useAction({
    run: notifyWinners,
    done: (answer) => t.done(answer.results.filter((r) => r.outcome === 'notified').length),
    failed: t.sendFailed,
    settle: (client) => client.invalidateQueries(winnersQuery(asked ?? 0)),
  });
  const busy = notify.busy || list.isFetching;

  const count = Number(top);
  const valid = Number.isInteger(count) && count >= 1 && count <= WINNERS_MAX;
  // A queued e-mail is not sent twice, even with `resend` (the server skips it).
  const toSend = winners?.filter((w) => !w.queued && (resend || w.notifiedAt === null)).length ?? 0;

  const preview = () => {
    if (!valid) return notify.refuse(t.topInvalid(WINNERS_MAX));
    notify.clear();
    setResults(null);
    setConfirming(false);
    // The same number again reads the list again: someone may have been notified since.
    if (asked === count) void list.refetch();
    else setAsked(count);
  };

  const early = end !== null && !end.ended;
  const send = async () => {
    if (!winners) return;
    if (early && !earlyReason.trim()) return notify.refuse(t.earlyReasonMissing);
    const reason = early ? { earlyReason: earlyReason.trim() } : {};
    const answer = await notify.act({ userIds: winners.map((w) => w.userId), resend, ...reason });
    if (!answer) return;
    setResults(answer.results);
    setConfirming(false);
  };

  return (
    <section className="admin" aria-labelledby="exports-title">
      <h1 id="exports-title" className="console-title">
        {t.title}
      </h1>

      <section className="admin-card" aria-labelledby="downloads-title">
        <h2 id="downloads-title" className="admin-card__title">
          {t.downloads}
        </h2>
        <p className="admin-hint">{t.downloadsHint}</p>
        <div className="admin-actions">
          <DownloadForm action={exportUrls.leaderboard} className="btn btn--primary">
            {t.leaderboard}
          </DownloadForm>
          <DownloadForm action={exportUrls.claims} className="btn btn--primary">
            {t.claims}
          </DownloadForm>
          <DownloadForm action={exportUrls.winners} className="btn btn--primary">
            {t.winnersCsv}
          </DownloadForm>
        </div>
      </section>

      <section className="admin-card" aria-labelledby="notify-title">
        <h2 id="notify-title" className="admin-card__title">
          {t.notify}
        </h2>
        <p className="admin-hint">{t.notifyHint}</p>
        <ConsoleForm className="admin-inline-form" onSubmit={preview}>
          <label className="field">
            <span className="field__label">{t.topLabel}</span>
            <input
              className="input"
              name="top"
              type="number"
              inputMode="numeric"
              min={1}
              max={WINNERS_MAX}
              value={top}
              onChange={(event) => {
                setTop(event.target.value);
                setAsked(null);
                setResults(null);
                setConfirming(false);
              }}
            />
          </label>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy && !winners ? t.loading : t.preview}
          </button>
        </ConsoleForm>

        {winners && (
          <>
            <ol className="admin-list" aria-label={t.notify}>
              {winners.map((w) => (
                <WinnerRow key={w.userId} winner={w} result={results?.find((r) => r.userId === w.userId)} />
              ))}
            </ol>
            {winners.some((w) => w.notifiedAt !== null) && (
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={resend}
                  onChange={(event) => {
                    setResend(event.target.checked);
                    setConfirming(false);
                  }}
                />
                {t.resend}
              </label>
            )}
            {/* The send's outcome under the list it changed, before what is left to do. */}
            <ActionResult outcome={notify.outcome} />
            {early && toSend > 0 && (
              <div className="admin-confirm">
                <p>{t.notEnded(end.endsAt)}</p>
                <ReasonField label={t.earlyReason} name="earlyReason" value={earlyReason} onChange={setEarlyReason} />
              </div>
            )}
            {toSend === 0 ? (
              <p className="admin-hint">{t.nobody}</p>
            ) : confirming ? (
              <div className="admin-confirm" role="group" aria-label={t.notify}>
                <p>{t.confirm(toSend)}</p>
                <div className="admin-actions">
                  <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void send()}>
                    {busy ? t.sending : t.confirmYes}
                  </button>
                  <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming(false)}>
                    {t.cancel}
                  </button>
                </div>
              </div>
            ) : (
              <button type="button" className="btn btn--duck btn--block" onClick={() => setConfirming(true)}>
                {t.send(toSend)}
              </button>
            )}
          </>
        )}
        {listFailure && (
          <p className="error" role="alert">
            {listFailure}
          </p>
        )}
        {!winners && <ActionResult outcome={notify.outcome} />}
      </section>
    </section>
  );
}

function WinnerRow({ winner: w, result }: { winner: Winner; result: Result | undefined }) {
  const tied = w.rank.endsWith('=');
  return (
    <li className="admin-row" data-notified={w.notifiedAt !== null || w.queued}>
      <span className="admin-row__rank" aria-label={`Rank ${w.rank.replace('=', '')}${tied ? `, ${t.tied}` : ''}`}>
        {w.rank}
      </span>
      <span className="admin-row__main">
        <strong>{w.name}</strong> <span className="admin-row__sub">{w.email}</span>
        <span className="admin-row__sub">{t.ducks(w.ducks)}</span>
        {w.flags.adjustments > 0 && <span className="admin-flag">{t.adjusted(w.flags.adjusted, w.flags.adjustments)}</span>}
        {w.flags.everBlocked && <span className="admin-flag">{t.everBlocked}</span>}
        {w.flags.samePhone > 0 && <span className="admin-flag">{t.samePhone(w.flags.samePhone)}</span>}
        {(w.vetting?.sameBrowserAccounts.length ?? 0) > 0 && (
          <span className="admin-flag">{t.sameBrowser(w.vetting!.sameBrowserAccounts.length)}</span>
        )}
        {w.queued && <span className="admin-badge">{t.queued}</span>}
        {!w.queued && w.notifiedAt !== null && (
          <span className="admin-badge">
            {t.notifiedOn(formatTime(w.notifiedAt), w.notifiedBy ?? '')}
            {w.deadline ? `, ${t.replyBy(w.deadline)}` : ''}
          </span>
        )}
        {w.vetting && <Vetting winner={w} />}
        {result && (
          <span className={`admin-outcome admin-outcome--${result.outcome}`}>
            {t.outcome[result.outcome]}
            {result.message ? `: ${result.message}` : ''}
          </span>
        )}
      </span>
    </li>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** How the visitor's ducks came, every change by the crew, and the accounts sharing their phone (decision 074). */
function Vetting({ winner: w }: { winner: Winner }) {
  const { earned, history, samePhoneAccounts, sameBrowserAccounts, sameAddressSoon } = w.vetting!;
  const parts = (Object.keys(t.earned) as (keyof typeof t.earned)[]).filter((part) => earned[part] !== 0);
  return (
    <details className="admin-vetting">
      <summary>{t.howEarned}</summary>
      <dl className="admin-vetting__sum">
        {parts.map((part) => (
          <div key={part}>
            <dt>{t.earned[part]}</dt>
            <dd>{signed(earned[part])}</dd>
          </div>
        ))}
        <div className="admin-vetting__total">
          <dt>{t.total}</dt>
          <dd>{w.ducks}</dd>
        </div>
      </dl>
      {history.length > 0 && (
        <>
          <h3 className="admin-vetting__title">{t.historyTitle}</h3>
          <ul className="admin-vetting__list">
            {history.map((event, i) => (
              <li key={i}>
                <span className="admin-row__sub">{formatTime(event.at)}</span>{' '}
                {event.what === 'adjust'
                  ? t.adjustedBy(event.amount ?? 0, event.by)
                  : event.what === 'block'
                    ? t.blockedBy(event.by)
                    : t.unblockedBy(event.by)}
                {event.reason ? `: ${event.reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      <Accounts title={t.samePhoneTitle} accounts={samePhoneAccounts} />
      <Accounts title={t.sameBrowserTitle} accounts={sameBrowserAccounts} />
      {sameAddressSoon !== null && sameAddressSoon > 0 && <p className="admin-hint">{t.sameAddress(sameAddressSoon)}</p>}
    </details>
  );
}

type Account = NonNullable<Winner['vetting']>['samePhoneAccounts'][number];

/** Other accounts the committee should look at, with whether each is blocked; nothing when there are none. */
function Accounts({ title, accounts }: { title: string; accounts: Account[] }) {
  if (accounts.length === 0) return null;
  return (
    <>
      <h3 className="admin-vetting__title">{title}</h3>
      <ul className="admin-vetting__list">
        {accounts.map((account) => (
          <li key={account.userId}>
            {account.name} <span className="admin-row__sub">{account.email}</span>
            {account.blocked && <span className="admin-flag">{t.blockedAccount}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
