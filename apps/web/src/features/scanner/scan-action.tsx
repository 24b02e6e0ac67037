// The scan button of a Scan or ScanNoSpin checkpoint and its camera popup. The popup (and with it the
// QR decoder) loads only when the button is pressed. "Type the code instead" (decision 029) opens a form for
// the code printed under the QR. `onCode` asks the server about each code found or typed.
import { Suspense, lazy, useCallback, useState } from 'react';
import type { ScanVerdict } from './use-qr-scanner';
import { ScanIcon } from './scan-icon';
import { scanTexts } from './scan-texts';
import { TypedCode } from './typed-code';
import './scanner.css';
import '../../lib/game-texts';
import { t } from '../../lib/i18n';

const ScanPopup = lazy(() => import('./scan-popup'));

interface ScanActionProps {
  /** `typed`: the visitor typed the code printed under the QR. */
  onCode: (text: string, typed: boolean) => Promise<ScanVerdict>;
  /** Called once a code is valid; the camera is already stopped. */
  onValid: () => void;
}

export function ScanAction({ onCode, onValid }: ScanActionProps) {
  const [open, setOpen] = useState(false);
  const [typing, setTyping] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const typeInstead = useCallback(() => {
    setOpen(false);
    setTyping(true);
  }, []);
  const onScanned = useCallback((text: string) => onCode(text, false), [onCode]);
  const onTyped = useCallback((text: string) => onCode(text, true), [onCode]);
  return (
    <>
      <button type="button" className="btn btn--duck btn--block scan-button" onClick={() => setOpen(true)}>
        <ScanIcon size={24} />
        {t('scan.button')}
      </button>
      {typing ? (
        <TypedCode onCode={onTyped} onValid={onValid} />
      ) : (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => setTyping(true)}>
          {scanTexts.typeInstead}
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ScanPopup onCode={onScanned} onValid={onValid} onClose={close} onTypeInstead={typeInstead} />
        </Suspense>
      )}
    </>
  );
}
