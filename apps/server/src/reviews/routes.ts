// The console's review queue (docs/product.md §10, §14): the answers waiting (or decided), a photo's bytes, and
// decisions in batches. Roles admin and reviewer, checked by http/route-registry.ts (decision 019).
import {
  PHOTO_SIZES,
  type ReviewDecisionsResult,
  type ReviewItem,
  reviewDecisionsBodySchema,
  reviewDecisionsResultSchema,
  reviewLeaseBodySchema,
  reviewLeaseSchema,
  reviewListSchema,
  reviewQuerySchema,
  reviewUndoBodySchema,
  reviewUndoResultSchema,
} from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { DomainError, notFound } from '../domain/errors';
import { requireOperator } from '../operators/console-session';
import type { Role } from '../operators/roles';
import { findPhoto } from '../photos/find';
import { openPhoto } from '../photos/renditions';
import { NO_PHOTO, attemptParamsSchema, sendPhoto } from '../photos/routes';
import { leaseReviews } from './leases';
import { type ReviewRow, listReviewedCheckpoints, listReviews, reviewAttempt, undoDecision } from './review';

const reviewers = { roles: ['admin', 'reviewer'] as const satisfies readonly Role[] };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toItem(row: ReviewRow): ReviewItem {
  const upload = row.type === 'Upload';
  return {
    attemptId: row.attemptId,
    checkpointId: row.checkpointId,
    checkpointTitle: row.checkpointTitle,
    question: row.question,
    type: upload ? 'Upload' : 'Str',
    text: upload ? null : row.answer,
    // Never the upload key: the bytes are served only through the role-gated route below.
    photoUrl: upload ? `/api/console/photos/${row.attemptId}` : null,
    submittedAt: seconds(row.submittedAt),
    visitorName: row.visitorName,
    visitorEmail: row.email,
    state: row.state,
    reason: row.reason,
    ducks: row.ducks,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt ? seconds(row.decidedAt) : null,
    samePhotoAs: row.samePhotoAs && { ...row.samePhotoAs, sentAt: seconds(row.samePhotoAs.sentAt) },
    earlier: row.earlier.map((answer) => {
      const photo = answer.type === 'Upload';
      return {
        attemptId: answer.attemptId,
        text: answer.type === 'Str' ? answer.answer : null,
        photoUrl: photo ? `/api/console/photos/${answer.attemptId}` : null,
        state: answer.review,
        reason: answer.reason,
        submittedAt: seconds(answer.submittedAt),
      };
    }),
  };
}

export function reviewRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/console/reviews',
      { config: reviewers, schema: { querystring: reviewQuerySchema, response: { 200: reviewListSchema } } },
      async (request) => {
        const { limit, ...query } = request.query;
        // One more than the page: there is a next page only when it came back.
        const rows = await listReviews(ctx.db, { ...query, limit: limit + 1 });
        const page = rows.slice(0, limit);
        return {
          items: page.map(toItem),
          nextBefore: rows.length > limit ? page[page.length - 1]!.attemptId : null,
          checkpoints: await listReviewedCheckpoints(ctx.db),
        };
      },
    );

    // The pending queue as a reviewer works it: answers held for them alone, renewed each time they ask (decision 053).
    app.post(
      '/api/console/reviews/lease',
      { config: reviewers, schema: { body: reviewLeaseBodySchema, response: { 200: reviewLeaseSchema } } },
      async (request) => {
        const { email } = await requireOperator(request);
        const { limit, shown, ...filter } = request.body;
        const [lease, checkpoints] = await Promise.all([
          leaseReviews(ctx.db, email, filter, {
            limit,
            now: new Date(ctx.now()),
            leaseSeconds: ctx.env.REVIEW_LEASE_SECONDS,
            shown,
          }),
          listReviewedCheckpoints(ctx.db),
        ]);
        return {
          items: lease.rows.map(toItem),
          leasedUntil: seconds(lease.leasedUntil),
          waiting: lease.waiting,
          oldestSubmittedAt: lease.oldestSubmittedAt ? seconds(lease.oldestSubmittedAt) : null,
          heldByOthers: lease.heldByOthers,
          gone: lease.gone,
          checkpoints,
        };
      },
    );

    // A thumbnail for the list, the screen size to judge (the default), the original when asked (decision 054).
    app.get(
      '/api/console/photos/:attemptId',
      {
        config: reviewers,
        schema: { params: attemptParamsSchema, querystring: z.object({ size: z.enum(PHOTO_SIZES).default('screen') }) },
      },
      async (request, reply) => {
        const photo = await findPhoto(ctx.db, request.params.attemptId);
        // Read by the attempt's stored key: the client names an attempt, never a path.
        const opened = photo && (await openPhoto(ctx.storage, photo, request.query.size));
        if (!opened) throw notFound(NO_PHOTO);
        // A photo looked at, as a profile is (issue 29 part 4): the screen size and the original, which an operator
        // opens on purpose. Thumbnails are the review list itself, whose decisions are on the record.
        if (request.query.size !== 'thumb') {
          const { email } = await requireOperator(request);
          await recordAudit(ctx.db, {
            actor: email,
            action: 'photo.view',
            subject: `attempt ${request.params.attemptId} (user:${photo.userId})`,
            after: { size: request.query.size },
            at: new Date(ctx.now()),
          });
        }
        return sendPhoto(reply, opened);
      },
    );

    app.post(
      '/api/console/reviews/decisions',
      { config: reviewers, schema: { body: reviewDecisionsBodySchema, response: { 200: reviewDecisionsResultSchema } } },
      async (request) => {
        const { email } = await requireOperator(request);
        const results: ReviewDecisionsResult['results'] = [];
        // One at a time, each its own transaction: one refused decision does not undo the others.
        for (const { attemptId, decision, reason } of request.body.decisions) {
          try {
            const now = new Date(ctx.now());
            await reviewAttempt(ctx.db, attemptId, decision, { actor: email, reason, now });
            const undoUntil = seconds(now) + ctx.env.REVIEW_UNDO_SECONDS;
            results.push({ attemptId, ok: true, state: decision === 'approve' ? 'approved' : 'rejected', undoUntil });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            results.push({ attemptId, ok: false, message: error.message, code: error.code });
          }
        }
        return { results };
      },
    );

    // A decision taken back (issue 28 part 3): by whoever made it, or an admin, within REVIEW_UNDO_SECONDS.
    app.post(
      '/api/console/reviews/undo',
      { config: reviewers, schema: { body: reviewUndoBodySchema, response: { 200: reviewUndoResultSchema } } },
      async (request) => {
        const { email, role } = await requireOperator(request);
        const outcome = await undoDecision(ctx.db, request.body.attemptId, {
          actor: email,
          admin: role === 'admin',
          now: new Date(ctx.now()),
          windowSeconds: ctx.env.REVIEW_UNDO_SECONDS,
          leaseSeconds: ctx.env.REVIEW_LEASE_SECONDS,
        });
        return { attemptId: outcome.attemptId, undone: outcome.undone, ducks: outcome.ducks };
      },
    );
  };
}
