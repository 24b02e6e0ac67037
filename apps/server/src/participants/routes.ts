// The helpdesk's API (docs/product.md §10, §15): role admin only, checked by http/route-registry.ts (decision 019).
import {
  type Participant,
  type ParticipantSummary,
  adjustDucksBodySchema,
  blockBodySchema,
  eraseBodySchema,
  participantParamsSchema,
  participantSchema,
  participantSearchQuerySchema,
  participantSearchSchema,
} from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { recordAudit } from '../audit/audit';
import { requireOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { type SignupWords, signupFacts } from '../vouchers/vouchers';
import {
  type ParticipantDetails,
  type User,
  adjustParticipantDucks,
  blockParticipant,
  eraseParticipant,
  participantDetails,
  searchParticipants,
  unblockParticipant,
} from './participants';

const admins = { roles: ['admin'] as const satisfies readonly Role[] };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const orNull = (date: Date | null) => (date ? seconds(date) : null);

function toSummary(user: User): ParticipantSummary {
  return {
    userId: user.id,
    name: user.fullName,
    email: user.email,
    phone: user.phone,
    instagram: user.instagram,
    ducks: user.ducks,
    blocked: user.blockedAt !== null,
    erased: user.erasedAt !== null,
    createdAt: seconds(user.createdAt),
  };
}

function toParticipant(details: ParticipantDetails, words: SignupWords | null | undefined): Participant {
  const { user } = details;
  return {
    userId: user.id,
    name: user.fullName,
    email: user.email,
    phone: user.phone,
    instagram: user.instagram,
    cabinOwner: user.cabinOwner,
    // The campaign's sign-up question and this visitor's answer, in its words (issue 32 part 6).
    signup: signupFacts(words, 'everyone', user.cabinOwner).signup,
    createdAt: seconds(user.createdAt),
    blocked: user.blockedAt !== null,
    blockedReason: user.blockedReason,
    blockedAt: orNull(user.blockedAt),
    erasedAt: orNull(user.erasedAt),
    ducks: user.ducks,
    pendingDucks: user.pendingDucks,
    attempts: details.attempts.map((a) => ({
      attemptId: a.id,
      checkpointTitle: a.checkpointTitle,
      type: a.type,
      // A photo's answer is its upload key: never sent, the bytes come through the role-gated photo route.
      answer: a.type === 'Upload' ? null : a.answer,
      photoUrl: a.type === 'Upload' && a.photoStored ? `/api/console/photos/${a.id}` : null,
      outcome: a.outcome,
      review: a.review,
      submittedAt: seconds(a.createdAt),
    })),
    ledger: details.ledger.map((l) => ({
      id: l.id,
      amount: l.amount,
      posted: l.posted,
      kind: l.kind,
      reason: l.reason,
      item: l.item,
      at: seconds(l.createdAt),
    })),
    claims: details.claims.map((c) => ({
      item: c.item,
      price: c.price,
      voucherCode: c.voucherCode,
      claimedAt: seconds(c.createdAt),
      redeemedAt: orNull(c.redeemedAt),
      redeemedBy: c.redeemedBy,
    })),
  };
}

export function participantRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const signupWords = async () => (await ctx.campaign.get()).info.screens?.signup;
  return async (app) => {
    const params = participantParamsSchema;
    const profile = { 200: participantSchema };

    app.get(
      '/api/console/participants',
      { config: admins, schema: { querystring: participantSearchQuerySchema, response: { 200: participantSearchSchema } } },
      async (request) => {
        const { email } = await requireOperator(request);
        const items = (await searchParticipants(ctx.db, request.query.q)).map(toSummary);
        // A read of personal data is on the record too (issue 29 part 4): who searched, and how many it showed;
        // never the words searched for (a name, an e-mail), which would outlive an erasure in the trail.
        await recordAudit(ctx.db, {
          actor: email,
          action: 'participant.search',
          subject: 'participants',
          after: { results: items.length },
          at: new Date(ctx.now()),
        });
        return { items };
      },
    );

    app.get('/api/console/participants/:userId', { config: admins, schema: { params, response: profile } }, async (request) => {
      const { email } = await requireOperator(request);
      const details = toParticipant(await participantDetails(ctx.db, request.params.userId), await signupWords());
      await recordAudit(ctx.db, {
        actor: email,
        action: 'participant.view',
        subject: `user:${request.params.userId}`,
        at: new Date(ctx.now()),
      });
      return details;
    });

    app.post(
      '/api/console/participants/:userId/ducks',
      { config: admins, schema: { params, body: adjustDucksBodySchema, response: profile } },
      async (request) => {
        const { email } = await requireOperator(request);
        const { userId } = request.params;
        await adjustParticipantDucks(ctx.db, userId, { ...request.body, actor: email, now: new Date(ctx.now()) });
        return toParticipant(await participantDetails(ctx.db, userId), await signupWords());
      },
    );

    app.post(
      '/api/console/participants/:userId/block',
      { config: admins, schema: { params, body: blockBodySchema, response: profile } },
      async (request) => {
        const { email } = await requireOperator(request);
        const { userId } = request.params;
        await blockParticipant(ctx, userId, { reason: request.body.reason, actor: email, now: new Date(ctx.now()) });
        return toParticipant(await participantDetails(ctx.db, userId), await signupWords());
      },
    );

    app.post(
      '/api/console/participants/:userId/unblock',
      { config: admins, schema: { params, response: profile } },
      async (request) => {
        const { email } = await requireOperator(request);
        const { userId } = request.params;
        await unblockParticipant(ctx, userId, { actor: email, now: new Date(ctx.now()) });
        return toParticipant(await participantDetails(ctx.db, userId), await signupWords());
      },
    );

    app.post(
      '/api/console/participants/:userId/erase',
      { config: admins, schema: { params, body: eraseBodySchema, response: profile } },
      async (request) => {
        const { email } = await requireOperator(request);
        const { userId } = request.params;
        await eraseParticipant(ctx, userId, { confirm: request.body.confirm, actor: email, now: new Date(ctx.now()) });
        return toParticipant(await participantDetails(ctx.db, userId), await signupWords());
      },
    );
  };
}
