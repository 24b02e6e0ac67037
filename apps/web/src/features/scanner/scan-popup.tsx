// The camera popup of /checkpoint (docs/product.md §2.7; Scan, ScanNoSpin): the live picture with its 250x250 scan
// box and the scan's status. Closing it (button, Escape) stops the camera.
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal';
import { SCAN_BOX_SIZE } from './scan-region';
import { scanTexts } from './scan-texts';
import { type ScanStatus, type ScanVerdict, useQrScanner } from './use-qr-scanner';
import './scanner.css';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

interface ScanPopupProps {
  onCode: (text: string) => Promise<ScanVerdict>;
  onValid: () => void;
  onClose: () => void;
  /** Closes the popup and opens a form for the code under the QR (decision 029); none: no such button. */
  onTypeInstead?: () => void;
}

export default function ScanPopup({ onCode, onValid, onClose, onTypeInstead }: ScanPopupProps) {
  const [restartKey, setRestartKey] = useState(0);
  const { videoRef, status } = useQrScanner(onCode, restartKey);
  const valid = status.kind === 'valid';
  useEffect(() => {
    if (valid) onValid();
  }, [valid, onValid]);

  return (
    <Modal title={t('scan.button')} onClose={onClose} closeOnBackdrop={false} className="scan-dialog">
      <div className="scan-view" style={{ ['--scan-box' as string]: `${SCAN_BOX_SIZE}px` }}>
        <video ref={videoRef} className="scan-view__video" muted playsInline aria-label={t('scan.cameraPicture')} />
        <div className={`scan-view__box scan-view__box--${status.kind}`} aria-hidden="true" />
      </div>
      <StatusLine status={status} />
      {status.kind === 'broken' && (
        <button type="button" className="btn btn--duck btn--block" onClick={() => setRestartKey((k) => k + 1)}>
          {t('common.tryAgain')}
        </button>
      )}
      {!valid && onTypeInstead && (
        <button type="button" className="btn btn--ghost btn--block" onClick={onTypeInstead}>
          {scanTexts.typeInstead}
        </button>
      )}
      <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
        {t('common.close')}
      </button>
    </Modal>
  );
}

function StatusLine({ status }: { status: ScanStatus }) {
  const text =
    status.kind === 'broken' || status.kind === 'failed'
      ? status.message
      : status.kind === 'valid'
        ? scanTexts.valid
        : status.kind === 'invalid'
          ? scanTexts.invalid
          : scanTexts[status.kind];
  const tone =
    status.kind === 'valid'
      ? 'ok'
      : status.kind === 'scanning' || status.kind === 'starting' || status.kind === 'preparing' || status.kind === 'checking'
        ? 'info'
        : 'bad';
  return (
    <p className={`scan-status scan-status--${tone}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}
