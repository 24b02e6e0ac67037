// The scan button of a Scan or ScanNoSpin checkpoint and its camera popup. The popup (and with it the
// QR decoder) loads only when the button is pressed. `onCode` asks the server about each code found.
import { Suspense, lazy, useCallback, useState } from 'react';
import type { ScanVerdict } from './use-qr-scanner';
import { ScanIcon } from './scan-icon';

const ScanPopup = lazy(() => import('./scan-popup'));

interface ScanActionProps {
  onCode: (text: string) => Promise<ScanVerdict>;
  /** Called once a code is valid; the camera is already stopped. */
  onValid: () => void;
}

export function ScanAction({ onCode, onValid }: ScanActionProps) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" className="btn btn--duck btn--block scan-button" onClick={() => setOpen(true)}>
        <ScanIcon size={24} />
        Scan QR Code
      </button>
      {open && (
        <Suspense fallback={null}>
          <ScanPopup onCode={onCode} onValid={onValid} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
