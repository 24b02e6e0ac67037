// A voucher as staff see it (docs/product.md §15): the reward, whose it is, when it was claimed, who may claim it and
// the visitor's sign-up answer, and either a big Redeem button or who redeemed it and when. A blocked visitor's
// voucher says so first and has no Redeem button: an admin may redeem it anyway with a reason (issue 32 part 1).
import { useState } from 'react';
import { consoleMessages } from '@quackquest/contract/core';
import type { Voucher } from '../console-types';
import { ReasonField } from '../reason-field';
import { formatTime } from '../time';
import { redeemTexts } from './redeem-texts';
import { ConsoleForm } from '../console-form';

interface VoucherViewProps {
  voucher: Voucher;
  /** Redeemed by this screen just now (not an earlier scan's). */
  justRedeemed: boolean;
  busy: boolean;
  error: string;
  /** An admin may redeem a blocked visitor's voucher with a reason; staff may not. */
  mayOverride: boolean;
  /** `override`: the admin's reason to hand over a blocked visitor's reward. */
  onRedeem: (override?: string) => void;
}

export function VoucherView({ voucher, justRedeemed, busy, error, mayOverride, onRedeem }: VoucherViewProps) {
  const redeemed = voucher.redeemedAt !== null;
  const blocked = voucher.visitor.status === 'blocked';
  return (
    <section
      className={`voucher-view${(redeemed && !justRedeemed) || blocked ? ' voucher-view--used' : ''}`}
      aria-labelledby="voucher-item"
    >
      <h2 id="voucher-item" className="voucher-view__item">
        {voucher.item}
      </h2>
      {blocked && (
        <p className="voucher-view__blocked" role="alert">
          <strong>{redeemTexts.blocked}</strong> {voucher.visitor.blockedReason}
          {voucher.visitor.blockedAt !== null && (
            <span className="voucher-view__since"> {redeemTexts.blockedSince(formatTime(voucher.visitor.blockedAt))}</span>
          )}
        </p>
      )}
      <dl className="voucher-view__facts">
        <dt>{redeemTexts.visitor}</dt>
        <dd>{voucher.visitorName}</dd>
        <dt>{redeemTexts.claimed}</dt>
        <dd>{formatTime(voucher.claimedAt)}</dd>
        <dt>{redeemTexts.code}</dt>
        <dd className="voucher-view__code">{voucher.code}</dd>
        <dt>{redeemTexts.rewardFor}</dt>
        <dd>{voucher.eligibility}</dd>
        {voucher.signup && (
          <>
            <dt>{voucher.signup.question}</dt>
            <dd>{voucher.signup.answer}</dd>
          </>
        )}
      </dl>
      {justRedeemed ? (
        <p className="voucher-view__ok" role="status">
          {redeemTexts.redeemedNow}
        </p>
      ) : redeemed ? (
        <p className="voucher-view__used" role="alert">
          {consoleMessages.alreadyRedeemed({ by: voucher.redeemedBy ?? '?', at: formatTime(voucher.redeemedAt!) })}
        </p>
      ) : blocked ? (
        mayOverride ? (
          <OverrideForm busy={busy} onRedeem={onRedeem} />
        ) : (
          <p>{redeemTexts.askAnAdmin}</p>
        )
      ) : (
        <>
          <p>{redeemTexts.toHandOut}</p>
          <button
            type="button"
            className="btn btn--duck btn--block voucher-view__redeem"
            disabled={busy}
            onClick={() => onRedeem()}
          >
            {busy ? redeemTexts.redeeming : redeemTexts.redeem}
          </button>
        </>
      )}
      {voucher.redeemOverride && <p className="voucher-view__override">{redeemTexts.overridden(voucher.redeemOverride)}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** An admin's "redeem anyway": the reason is required, and goes on the claim and in the audit trail. */
function OverrideForm({ busy, onRedeem }: { busy: boolean; onRedeem: (override: string) => void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <ConsoleForm
      className="voucher-view__override-form"
      onSubmit={() => {
        if (!reason.trim()) return setMissing(true);
        onRedeem(reason);
      }}
    >
      <ReasonField
        label={redeemTexts.overrideReason}
        name="override"
        value={reason}
        missingId={missing ? 'override-missing' : undefined}
        onChange={(value) => {
          setReason(value);
          setMissing(false);
        }}
      />
      {missing && (
        <p id="override-missing" className="error" role="alert">
          {consoleMessages.reasonRequired}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? redeemTexts.redeeming : redeemTexts.redeemAnyway}
      </button>
    </ConsoleForm>
  );
}
