// A QR code as one SVG path: the dark modules, one unit square each, inside a quiet zone of 4. `qrcode` is loaded
// only when a code is drawn (a voucher, a kiosk's code).

const QUIET_ZONE = 4;

export interface QrPath {
  /** Modules a side, the quiet zone included: the SVG's viewBox. */
  size: number;
  d: string;
}

export async function qrPath(text: string): Promise<QrPath> {
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
