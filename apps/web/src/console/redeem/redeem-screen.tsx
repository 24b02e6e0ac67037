// /console/redeem (docs/product.md §15; admin, staff): scan the visitor's voucher QR with the visitor app's
// scanner (the QR holds the voucher code, features/rewards/voucher-qr.tsx) or type the code, see the voucher,
// and redeem it. A voucher redeemed before shows who redeemed it and when.
import { Suspense, lazy, useCallback, useState } from 'react';
import { useAction } from '../console-data';
import { ApiError, failureMessage } from '../../lib/api-client';
import type { ScanVerdict } from '../../features/scanner/use-qr-scanner';
import type { ConsoleMe, Voucher } from '../console-types';
import { redeemTexts } from './redeem-texts';
import { fetchVoucher, redeemVoucher } from './voucher-api';
import { VoucherView } from './voucher-view';
import { ScanIcon } from '../../features/scanner/scan-icon';
import '../redeem.css';
import { ConsoleForm } from '../console-form';

// The console reuses the visitor app's scanner popup: camera, scan box, decoder and camera errors.
const ScanPopup = lazy(() => import('../../features/scanner/scan-popup'));

/** What a redeem came to: the voucher as it now is, and whether this screen redeemed it. */
interface Redeemed {
  voucher: Voucher;
  justRedeemed: boolean;
}

/**
 * Redeems the voucher. Redeemed meanwhile on another phone (409): the voucher as it now is, who redeemed it and when,
 * with no error. Its visitor blocked meanwhile: the block is shown, and the server's sentence saying what to do.
 */
async function redeemOnce(voucher: Voucher, override: string | undefined, show: (v: Voucher) => void): Promise<Redeemed> {
  try {
    return { voucher: await redeemVoucher(voucher.code, override), justRedeemed: true };
  } catch (failure) {
    const blockedMeanwhile = failure instanceof ApiError && failure.code === 'voucherOwnerBlocked';
    const redeemedMeanwhile = failure instanceof ApiError && failure.status === 409;
    const refreshed = (blockedMeanwhile || redeemedMeanwhile) && (await fetchVoucher(voucher.code).catch(() => null));
    if (refreshed && !blockedMeanwhile) return { voucher: refreshed, justRedeemed: false };
    if (refreshed) show(refreshed);
    throw failure;
  }
}

export default function RedeemScreen({ me }: { me: ConsoleMe }) {
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [justRedeemed, setJustRedeemed] = useState(false);
  const lookUp = useAction({ run: fetchVoucher, failed: redeemTexts.lookUpFailed });
  const redeem = useAction({
    run: ({ found, override }: { found: Voucher; override: string | undefined }) => redeemOnce(found, override, setVoucher),
    failed: redeemTexts.redeemFailed,
  });
  const busy = lookUp.busy || redeem.busy;
  const error = (voucher ? redeem.outcome : lookUp.outcome)?.text ?? '';

  const { clear: forgetLookUp } = lookUp;
  const { clear: forgetRedeem } = redeem;
  const show = useCallback(
    (found: Voucher) => {
      setVoucher(found);
      setJustRedeemed(false);
      forgetRedeem();
      forgetLookUp();
      setCode(found.code);
    },
    [forgetLookUp, forgetRedeem],
  );
  const onCode = useCallback(
    async (text: string): Promise<ScanVerdict> => {
      try {
        show(await fetchVoucher(text));
        return 'valid';
      } catch (failure) {
        if (failure instanceof ApiError && (failure.status === 404 || failure.status === 400)) return 'invalid';
        return { error: failureMessage(failure, redeemTexts.lookUpFailed) };
      }
    },
    [show],
  );
  const closeScanner = useCallback(() => setScanning(false), []);

  const find = async () => {
    setVoucher(null);
    if (!code.trim()) return lookUp.refuse(redeemTexts.emptyCode);
    const found = await lookUp.act(code);
    if (found) show(found);
  };
  const hand = async (override?: string) => {
    if (!voucher) return;
    const done = await redeem.act({ found: voucher, override });
    if (!done) return;
    setVoucher(done.voucher);
    setJustRedeemed(done.justRedeemed);
  };
  const next = () => {
    setVoucher(null);
    setCode('');
    lookUp.clear();
    redeem.clear();
    setJustRedeemed(false);
  };

  return (
    <section className="redeem" aria-labelledby="redeem-title">
      <h1 id="redeem-title" className="console-title">
        {redeemTexts.title}
      </h1>
      <button type="button" className="btn btn--duck btn--block redeem__scan" onClick={() => setScanning(true)}>
        <ScanIcon size={28} />
        {redeemTexts.scan}
      </button>
      <ConsoleForm className="redeem__form" onSubmit={find}>
        <label className="field">
          <span className="field__label">{redeemTexts.codeLabel}</span>
          <input
            className="input redeem__code"
            name="code"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy && !voucher ? redeemTexts.lookingUp : redeemTexts.lookUp}
        </button>
      </ConsoleForm>
      {voucher ? (
        <>
          <VoucherView
            voucher={voucher}
            justRedeemed={justRedeemed}
            busy={busy}
            error={error}
            mayOverride={me.role === 'admin'}
            onRedeem={(override) => void hand(override)}
          />
          <button type="button" className="btn btn--ghost btn--block" onClick={next}>
            {redeemTexts.next}
          </button>
        </>
      ) : (
        error && (
          <p className="error" role="alert">
            {error}
          </p>
        )
      )}
      {scanning && (
        <Suspense fallback={null}>
          <ScanPopup onCode={onCode} onValid={closeScanner} onClose={closeScanner} />
        </Suspense>
      )}
    </section>
  );
}
