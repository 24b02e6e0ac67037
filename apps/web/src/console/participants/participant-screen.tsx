// /console/participants/:userId (docs/product.md §15; admin): one visitor's profile, answers, ledger and claims,
// and the helpdesk's actions: adjust ducks, block or unblock, erase the personal data (decision 020). Every
// refusal shows the server's sentence beside the action that got it.
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Modal } from '../../components/modal';
import { ActionResult } from '../action-result';
import { AmountField, useAmountAndReason } from '../amount-field';
import { LoadStatus, useAction, useLoaded } from '../console-data';
import { consolePaths } from '../console-paths';
import { ERASE_CONFIRMATION, PARTICIPANT_ADJUST_MAX, type Participant } from '../console-types';
import { ReasonField } from '../reason-field';
import { formatTime } from '../time';
import { photoSrc } from '../review/photo-src';
import {
  adjustDucks,
  blockParticipant,
  eraseParticipant,
  participantQuery,
  settleParticipant,
  unblockParticipant,
} from './participants-api';
import { participantsTexts as t } from './participants-texts';
import '../participants.css';
import { ConsoleForm } from '../console-form';

export default function ParticipantScreen() {
  const userId = Number(useParams().userId);
  const [params] = useSearchParams();
  const q = params.get('q');
  const loaded = useLoaded(participantQuery(userId), t.loadFailed);

  return (
    <section className="participant" aria-labelledby="participant-title">
      <Link className="participant__back" to={`${consolePaths.participants}${q ? `?q=${encodeURIComponent(q)}` : ''}`}>
        {t.back}
      </Link>
      {loaded.data ? <ParticipantView participant={loaded.data} /> : <LoadStatus loaded={loaded} />}
    </section>
  );
}

function ParticipantView({ participant: p }: { participant: Participant }) {
  const erased = p.erasedAt !== null;
  return (
    <>
      <h1 id="participant-title" className="console-title">
        {p.name}
      </h1>
      <div className="participant__grid">
        <section className="participant-card" aria-labelledby="profile-title">
          <h2 id="profile-title">{t.profile}</h2>
          <dl className="participant-facts">
            <dt>{t.email}</dt>
            <dd>{p.email}</dd>
            <dt>{t.phone}</dt>
            <dd>{p.phone || '-'}</dd>
            <dt>{t.instagram}</dt>
            <dd>{p.instagram || '-'}</dd>
            {p.signup && (
              <>
                <dt>{p.signup.question}</dt>
                <dd>{p.signup.answer}</dd>
              </>
            )}
            <dt>{t.joined}</dt>
            <dd>{formatTime(p.createdAt)}</dd>
            <dt>{t.ducksLabel}</dt>
            <dd className="participant-facts__ducks">{p.ducks}</dd>
            <dt>{t.pendingLabel}</dt>
            <dd>{p.pendingDucks}</dd>
            <dt>{t.state}</dt>
            <dd>{erased ? t.erased : p.blocked ? t.blocked : t.active}</dd>
          </dl>
          {erased ? (
            <p className="participant__state participant__state--erased" role="status">
              {t.erasedAt(formatTime(p.erasedAt!))}
            </p>
          ) : (
            p.blocked && (
              <p className="participant__state" role="status">
                {t.blockedBecause(p.blockedReason ?? '', formatTime(p.blockedAt ?? 0))}
              </p>
            )
          )}
          <Link className="participant__audit" to={consolePaths.auditOf({ user: p.userId })}>
            {t.auditOf}
          </Link>
        </section>
        {!erased && <AdjustForm participant={p} />}
        {!erased && <BlockForm participant={p} />}
        {!erased && <EraseSection participant={p} />}
        <Answers participant={p} />
        <Ledger participant={p} />
        <Claims participant={p} />
      </div>
    </>
  );
}

function AdjustForm({ participant }: { participant: Participant }) {
  const adjust = useAction({
    run: (asked: { amount: number; reason: string }) => adjustDucks(participant.userId, asked.amount, asked.reason),
    done: (updated, asked) => t.adjusted(asked.amount, updated.ducks),
    failed: t.actionFailed,
    settle: (client, updated) => settleParticipant(client, updated),
  });
  const busy = adjust.busy;
  const { amount, setAmount, reason, setReason, submit } = useAmountAndReason(adjust, PARTICIPANT_ADJUST_MAX, t);
  return (
    <section className="participant-card" aria-labelledby="adjust-title">
      <h2 id="adjust-title">{t.adjustTitle}</h2>
      <ConsoleForm className="participant-form" onSubmit={submit}>
        <AmountField label={t.amountLabel} name="amount" max={PARTICIPANT_ADJUST_MAX} value={amount} onChange={setAmount} />
        <ReasonField label={t.reasonLabel} name="adjust-reason" value={reason} onChange={setReason} />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? t.adjusting : t.adjust}
        </button>
      </ConsoleForm>
      <ActionResult outcome={adjust.outcome} okClass="participant__ok" />
    </section>
  );
}

function BlockForm({ participant }: { participant: Participant }) {
  const [reason, setReason] = useState('');
  const block = useAction({
    run: (asked: { reason: string } | null) =>
      asked ? blockParticipant(participant.userId, asked.reason) : unblockParticipant(participant.userId),
    done: (updated) => (updated.blocked ? t.blockedNow : t.unblockedNow),
    failed: t.actionFailed,
    settle: (client, updated) => settleParticipant(client, updated),
  });
  const busy = block.busy;
  const act = async () => {
    if (!participant.blocked && !reason.trim()) return block.refuse(t.reasonMissing);
    if (await block.act(participant.blocked ? null : { reason: reason.trim() })) setReason('');
  };
  return (
    <section className="participant-card" aria-labelledby="block-title">
      <h2 id="block-title">{participant.blocked ? t.unblock : t.blockTitle}</h2>
      <ConsoleForm className="participant-form" onSubmit={act}>
        {participant.blocked ? (
          <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
            {busy ? t.unblocking : t.unblock}
          </button>
        ) : (
          <>
            <p className="participant__hint">{t.blockHint}</p>
            <ReasonField label={t.reasonLabel} name="block-reason" value={reason} onChange={setReason} />
            <button type="submit" className="btn btn--danger btn--block" disabled={busy}>
              {busy ? t.blocking : t.block}
            </button>
          </>
        )}
      </ConsoleForm>
      <ActionResult outcome={block.outcome} okClass="participant__ok" />
    </section>
  );
}

function EraseSection({ participant }: { participant: Participant }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  // No sentence when done: the profile itself then says the visitor was erased.
  const erasure = useAction({
    run: (confirm: string) => eraseParticipant(participant.userId, confirm),
    failed: t.actionFailed,
    settle: (client, updated) => settleParticipant(client, updated),
  });
  const busy = erasure.busy;
  const erase = async () => {
    if (await erasure.act(typed.trim())) setOpen(false);
  };
  return (
    <section className="participant-card participant-card--danger" aria-labelledby="erase-title">
      <h2 id="erase-title">{t.eraseTitle}</h2>
      <p className="participant__hint">{t.eraseHint}</p>
      <button type="button" className="btn btn--danger btn--block" onClick={() => setOpen(true)}>
        {t.erase}
      </button>
      {open && (
        <Modal title={t.eraseDialogTitle} onClose={() => setOpen(false)} closeOnBackdrop={false} className="erase-dialog">
          <p className="dialog__text">
            <strong>{participant.name}</strong> ({participant.email})
          </p>
          <p className="dialog__text">{t.eraseConsequence}</p>
          <ConsoleForm className="participant-form" onSubmit={erase}>
            <label className="field">
              <span className="field__label">{t.eraseTypeLabel}</span>
              <input
                className="input"
                name="confirm"
                autoComplete="off"
                autoCapitalize="characters"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </label>
            <ActionResult outcome={erasure.outcome} />
            <button type="submit" className="btn btn--danger btn--block" disabled={busy || typed.trim() !== ERASE_CONFIRMATION}>
              {busy ? t.erasing : t.eraseConfirm}
            </button>
          </ConsoleForm>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setOpen(false)}>
            {t.cancel}
          </button>
        </Modal>
      )}
    </section>
  );
}

function Answers({ participant }: { participant: Participant }) {
  return (
    <section className="participant-card participant-card--wide" aria-labelledby="answers-title">
      <h2 id="answers-title">{t.attemptsTitle}</h2>
      {participant.attempts.length === 0 ? (
        <p>{t.noAttempts}</p>
      ) : (
        <ul className="participant-list">
          {participant.attempts.map((a) => (
            <li key={a.attemptId} className="participant-list__row">
              <span className="participant-list__main">
                <strong>{a.checkpointTitle}</strong> · {a.type} · {a.review ?? a.outcome}
              </span>
              <span className="participant-list__meta">{formatTime(a.submittedAt)}</span>
              {a.answer !== null && <span className="participant-list__answer">{a.answer}</span>}
              {a.type === 'Upload' &&
                (a.photoUrl ? (
                  <img
                    className="participant-list__photo"
                    src={photoSrc(a.photoUrl, 'thumb')}
                    alt={t.photo(a.checkpointTitle)}
                    loading="lazy"
                  />
                ) : (
                  <span className="participant-list__meta">{t.noPhoto}</span>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Ledger({ participant }: { participant: Participant }) {
  return (
    <section className="participant-card" aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t.ledgerTitle}</h2>
      {participant.ledger.length === 0 ? (
        <p>{t.noLedger}</p>
      ) : (
        <ul className="participant-list">
          {participant.ledger.map((l) => (
            <li key={l.id} className="participant-list__row">
              <span className="participant-list__main">
                <strong className={l.amount < 0 ? 'participant-amount--minus' : 'participant-amount'}>
                  {l.amount > 0 ? `+${l.amount}` : l.amount}
                </strong>{' '}
                {t.ledgerWords(l)}
                {l.reason ? `: ${l.reason}` : ''}
              </span>
              <span className="participant-list__meta">{formatTime(l.at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Claims({ participant }: { participant: Participant }) {
  return (
    <section className="participant-card" aria-labelledby="claims-title">
      <h2 id="claims-title">{t.claimsTitle}</h2>
      {participant.claims.length === 0 ? (
        <p>{t.noClaims}</p>
      ) : (
        <ul className="participant-list">
          {participant.claims.map((c) => (
            <li key={c.voucherCode} className="participant-list__row">
              <span className="participant-list__main">
                <strong>{c.item}</strong> · {t.ducks(c.price)}
              </span>
              <span className="participant-list__code">{c.voucherCode}</span>
              <span className="participant-list__meta">
                {formatTime(c.claimedAt)} ·{' '}
                {c.redeemedAt !== null ? t.redeemedBy(c.redeemedBy ?? '?', formatTime(c.redeemedAt)) : t.notRedeemed}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
