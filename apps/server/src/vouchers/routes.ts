// Vouchers on board (docs/product.md §10, §14): staff look up the code a visitor shows (typed or scanned from
// its QR) and mark it handed over. Roles admin and staff, checked by http/route-registry.ts (decision 019); only an
// admin may redeem a blocked visitor's voucher, with a reason (issue 32 part 1).
import { type ConsoleVoucher, redeemVoucherBodySchema, said, voucherSchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { forbidden } from '../domain/errors';
import { requireOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { type Voucher, findVoucher, redeemVoucher } from './vouchers';

const crew = { roles: ['admin', 'staff'] as const satisfies readonly Role[] };
const params = z.object({ code: z.string().min(1).max(64) });

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toVoucher(v: Voucher): ConsoleVoucher {
  return {
    code: v.code,
    item: v.item,
    visitorName: v.visitorName,
    claimedAt: seconds(v.claimedAt),
    redeemedAt: v.redeemedAt ? seconds(v.redeemedAt) : null,
    redeemedBy: v.redeemedBy,
    redeemOverride: v.redeemOverride,
    visitor: {
      status: v.blockedAt ? 'blocked' : 'active',
      blockedReason: v.blockedAt ? v.blockedReason : null,
      blockedAt: v.blockedAt ? seconds(v.blockedAt) : null,
    },
    eligibility: v.eligibility,
    signup: v.signup,
  };
}

export function voucherRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/console/vouchers/:code',
      { config: crew, schema: { params, response: { 200: voucherSchema } } },
      async (request) => toVoucher(await findVoucher(ctx.db, request.params.code)),
    );

    app.post(
      '/api/console/vouchers/:code/redeem',
      { config: crew, schema: { params, body: redeemVoucherBodySchema, response: { 200: voucherSchema } } },
      async (request) => {
        const { email, role } = await requireOperator(request);
        const override = request.body?.override;
        if (override !== undefined && role !== 'admin') throw forbidden(said('roleRefused'));
        return toVoucher(await redeemVoucher(ctx.db, request.params.code, { actor: email, now: new Date(ctx.now()), override }));
      },
    );
  };
}
