// /console/redeem (docs/product.md §15; admin, staff): scan the visitor's voucher QR with the visitor app's
// scanner (the QR holds the voucher code, features/rewards/voucher-qr.tsx) or type the code, see the voucher,
// and redeem it. A voucher redeemed before shows who redeemed it and when.
import { Suspense, lazy, useCallback, useState } from 'react';
import { ApiError, failureMessage } from '../../lib/api-client';
import type { ScanVerdict } from '../../features/scanner/use-qr-scanner';
import type { ConsoleMe, Voucher } from '../console-types';
import { redeemTexts } from './redeem-texts';
import { fetchVoucher, redeemVoucher } from './voucher-api';
import { VoucherView } from './voucher-view';
import { ScanIcon } from '../../features/scanner/scan-icon';
import '../redeem.css';

// The console reuses the visitor app's scanner popup: camera, scan box, decoder and camera errors.
const ScanPopup = lazy(() => import('../../features/scanner/scan-popup'));

export default function RedeemScreen({ me }: { me: ConsoleMe }) {
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [justRedeemed, setJustRedeemed] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const show = (found: Voucher) => {
    setVoucher(found);
    setJustRedeemed(false);
    setError('');
    setCode(found.code);
  };
  const onCode = useCallback(async (text: string): Promise<ScanVerdict> => {
    try {
      show(await fetchVoucher(text));
      return 'valid';
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 404 || failure.status === 400)) return 'invalid';
      return { error: failureMessage(failure, redeemTexts.lookUpFailed) };
    }
  }, []);
  const closeScanner = useCallback(() => setScanning(false), []);

  const lookUp = async () => {
    if (!code.trim()) return setError(redeemTexts.emptyCode);
    setBusy(true);
    setVoucher(null);
    setError('');
    try {
      show(await fetchVoucher(code));
    } catch (failure) {
      setError(failureMessage(failure, redeemTexts.lookUpFailed));
    } finally {
      setBusy(false);
    }
  };
  const redeem = async (override?: string) => {
    if (!voucher) return;
    setBusy(true);
    setError('');
    try {
      setVoucher(await redeemVoucher(voucher.code, override));
      setJustRedeemed(true);
    } catch (failure) {
      // 409: redeemed meanwhile (another phone): show the voucher as it is now, who redeemed it and when. 403: the
      // visitor was blocked meanwhile: show the block, and the server's sentence saying what to do.
      const blockedMeanwhile = failure instanceof ApiError && failure.code === 'voucherOwnerBlocked';
      const redeemedMeanwhile = failure instanceof ApiError && failure.status === 409;
      const refreshed = (blockedMeanwhile || redeemedMeanwhile) && (await fetchVoucher(voucher.code).catch(() => null));
      if (refreshed) setVoucher(refreshed);
      if (!refreshed || blockedMeanwhile) setError(failureMessage(failure, redeemTexts.redeemFailed));
    } finally {
      setBusy(false);
    }
  };
  const next = () => {
    setVoucher(null);
    setCode('');
    setError('');
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
      <form
        className="redeem__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void lookUp();
        }}
      >
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
      </form>
      {voucher ? (
        <>
          <VoucherView
            voucher={voucher}
            justRedeemed={justRedeemed}
            busy={busy}
            error={error}
            mayOverride={me.role === 'admin'}
            onRedeem={(override) => void redeem(override)}
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
