// A voucher code as a QR code that staff scan on board. `qrcode` is loaded only when a code is shown.
import { useEffect, useState } from 'react';
import type { Voucher } from './owned-rewards';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

const QUIET_ZONE = 4;

/** SVG path of the dark modules, one unit square each. */
async function qrPath(text: string): Promise<{ size: number; d: string }> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col]) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, d };
}

export function VoucherQr({ voucher }: { voucher: Voucher }) {
  const [qr, setQr] = useState<{ size: number; d: string } | null>(null);
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
