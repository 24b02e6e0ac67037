// GET /api/console/vouchers/:code and POST /api/console/vouchers/:code/redeem (docs/product.md §10). The
// server normalises the code (case, dashes, spaces); the browser only trims it.
import { api } from '../../lib/api-client';
import type { Voucher } from '../console-types';

const voucherPath = (code: string) => `/api/console/vouchers/${encodeURIComponent(code.trim())}`;

export function fetchVoucher(code: string): Promise<Voucher> {
  return api<Voucher>(voucherPath(code), { allowUnauthorized: true });
}

/** `override`: an admin's reason to redeem a blocked visitor's voucher (the server refuses it from staff). */
export function redeemVoucher(code: string, override?: string): Promise<Voucher> {
  const body = override === undefined ? {} : { override };
  return api<Voucher>(`${voucherPath(code)}/redeem`, { method: 'POST', body, allowUnauthorized: true });
}
