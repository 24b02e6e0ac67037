// A voucher code as a QR code that staff scan on board. `qrcode` is loaded only when a code is shown.
import { useEffect, useState } from 'react';
import type { Voucher } from './owned-rewards';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';
import { type QrPath, qrPath } from '../../lib/qr-path';

export function VoucherQr({ voucher }: { voucher: Voucher }) {
  const [qr, setQr] = useState<QrPath | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    qrPath(voucher.code).then(
      (result) => live && setQr(result),
      (error: unknown) => {
        console.error('Failed to draw the voucher QR code', error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [voucher.code]);
  return (
    <figure className={`voucher${voucher.redeemed ? ' voucher--redeemed' : ''}`}>
      {qr ? (
        <svg
          className="voucher__qr"
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          role="img"
          aria-label={t('voucher.qrLabel', { code: voucher.code })}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#ffffff" />
          <path d={qr.d} fill="#000000" />
        </svg>
      ) : (
        !failed && <div className="voucher__qr voucher__qr--loading" aria-hidden="true" />
      )}
      <figcaption>
        <span className="voucher__code" translate="no">
          {voucher.code}
        </span>
        {voucher.redeemed && <span className="voucher__redeemed">{t('voucher.redeemed')}</span>}
      </figcaption>
    </figure>
  );
}
