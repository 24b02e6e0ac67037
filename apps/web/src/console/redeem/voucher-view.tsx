// A voucher as staff see it (docs/product.md §15): the reward, whose it is, when it was claimed, and either
// a big Redeem button or who redeemed it and when.
import { consoleMessages } from '@quackquest/contract/core';
import type { Voucher } from '../console-types';
import { formatTime } from '../time';
import { redeemTexts } from './redeem-texts';

interface VoucherViewProps {
  voucher: Voucher;
  /** Redeemed by this screen just now (not an earlier scan's). */
  justRedeemed: boolean;
  busy: boolean;
  error: string;
  onRedeem: () => void;
}

export function VoucherView({ voucher, justRedeemed, busy, error, onRedeem }: VoucherViewProps) {
  const redeemed = voucher.redeemedAt !== null;
  return (
    <section className={`voucher-view${redeemed && !justRedeemed ? ' voucher-view--used' : ''}`} aria-labelledby="voucher-item">
      <h2 id="voucher-item" className="voucher-view__item">
        {voucher.item}
      </h2>
      <dl className="voucher-view__facts">
        <dt>{redeemTexts.visitor}</dt>
        <dd>{voucher.visitorName}</dd>
        <dt>{redeemTexts.claimed}</dt>
        <dd>{formatTime(voucher.claimedAt)}</dd>
        <dt>{redeemTexts.code}</dt>
        <dd className="voucher-view__code">{voucher.code}</dd>
      </dl>
      {justRedeemed ? (
        <p className="voucher-view__ok" role="status">
          {redeemTexts.redeemedNow}
        </p>
      ) : redeemed ? (
        <p className="voucher-view__used" role="alert">
          {consoleMessages.alreadyRedeemed({ by: voucher.redeemedBy ?? '?', at: formatTime(voucher.redeemedAt!) })}
        </p>
      ) : (
        <>
          <p>{redeemTexts.toHandOut}</p>
          <button type="button" className="btn btn--duck btn--block voucher-view__redeem" disabled={busy} onClick={onRedeem}>
            {busy ? redeemTexts.redeeming : redeemTexts.redeem}
          </button>
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
