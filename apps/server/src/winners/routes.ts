// Notifying winners (docs/product.md §10, §15, decision 022), admins only: who would be e-mailed, and the
// e-mails themselves, each recorded in winner_notices and audited.
import {
  type Winner,
  notifyWinnersBodySchema,
  notifyWinnersResultSchema,
  winnersListSchema,
  winnersQuerySchema,
} from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { recordAudit } from '../audit/audit';
import { requireOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { type Vetting, vettingOf } from './vetting';
import { type WinnerCandidate, campaignEnded, formatDeadline, notifyWinners, previewWinners } from './winners';

const admin = { roles: ['admin'] as const satisfies readonly Role[] };

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function toVetting(v: Vetting): NonNullable<Winner['vetting']> {
  return {
    earned: v.earned,
    history: v.history.map((event) => ({ ...event, at: seconds(event.at)! })),
    samePhoneAccounts: v.samePhoneAccounts,
    sameBrowserAccounts: v.sameBrowserAccounts,
    sameAddressSoon: v.sameAddressSoon,
  };
}

function toWinner(c: WinnerCandidate, timeZone: string, vetting?: Vetting): Winner {
  return {
    userId: c.userId,
    rank: c.rank,
    name: c.name,
    email: c.email,
    ducks: c.ducks,
    notifiedAt: seconds(c.notifiedAt),
    notifiedBy: c.notifiedBy,
    deadline: c.deadline ? formatDeadline(c.deadline, timeZone) : null,
    queued: c.queued,
    flags: c.flags,
    ...(vetting && { vetting: toVetting(vetting) }),
  };
}

export function winnerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/console/winners',
      { config: admin, schema: { querystring: winnersQuerySchema, response: { 200: winnersListSchema } } },
      async (request) => {
        const { email } = await requireOperator(request);
        const campaign = await ctx.campaign.get();
        const { timeZone } = campaign.info;
        const winners = await previewWinners(ctx.db, { top: request.query.top });
        const vetting = await vettingOf(
          ctx.db,
          winners.map((w) => w.userId),
        );
        // The winners' names and e-mails shown: a read of personal data, on the record (issue 29 part 4).
        await recordAudit(ctx.db, {
          actor: email,
          action: 'winners.view',
          subject: 'winners',
          after: { top: request.query.top, results: winners.length },
          at: new Date(ctx.now()),
        });
        return {
          winners: winners.map((w) => toWinner(w, timeZone, vetting.get(w.userId))),
          endsAt: formatDeadline(new Date(campaign.info.endTime * 1000), timeZone),
          ended: campaignEnded(campaign, new Date(ctx.now())),
        };
      },
    );

    app.post(
      '/api/console/winners/notify',
      { config: admin, schema: { body: notifyWinnersBodySchema, response: { 200: notifyWinnersResultSchema } } },
      async (request) => {
        const { email } = await requireOperator(request);
        const campaign = await ctx.campaign.get();
        const results = await notifyWinners(ctx.db, ctx.mail, {
          ...request.body,
          actor: email,
          now: () => new Date(ctx.now()),
          campaign,
        });
        return {
          results: results.map((r) => ({
            ...toWinner(r, campaign.info.timeZone),
            outcome: r.outcome,
            message: r.message,
          })),
        };
      },
    );
  };
}
