// The console's campaign page (docs/product.md §15, decision 032; admin only): the stored versions, a pack from the
// server's campaigns folder or a stored version previewed as the diff campaign:load prints, then loaded or restored.
// The same rule as the CLI, here on the server: a load that would orphan visitors' progress needs `confirm`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { campaignLoadBodySchema, campaignPageSchema, campaignPlanSchema, campaignPreviewBodySchema } from '@quackquest/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { DomainError, invalid } from '../domain/errors';
import { type LoadOptions, type LoadOutcome, LoadRefused, loadCampaign, restoreCampaign } from './loading';
import { requireOperator } from '../operators/console-session';
import { serverRoot } from '../paths';
import { PackError } from './pack';
import { listVersions } from './store';

const admin = { roles: ['admin'] as const };

/** The folder whose packs the page offers: the one holding CAMPAIGN's pack, else the repository's campaigns/. */
function packsFolder(campaign: string | undefined): string {
  return campaign ? path.dirname(path.resolve(campaign)) : path.join(serverRoot, '..', '..', 'campaigns');
}

/** The packs in the folder, by name: sub-folders holding a campaign.yaml. */
function listPacks(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => !name.startsWith('.') && existsSync(path.join(folder, name, 'campaign.yaml')))
    .filter((name) => statSync(path.join(folder, name)).isDirectory())
    .sort();
}

/** The refusal in the console's words: the CLI's lines of lost progress, the console's way out of it. */
function consoleRefusal(plan: LoadOutcome['plan']): string {
  return [
    "Refused: this load would leave visitors' progress behind:",
    ...plan.losses.map((l) => `  - ${l}`),
    'If an id was renamed, map the old id to the new one and the progress moves with it (the visitors keep it, a reward keeps its stock).',
    'To load anyway and leave that progress on the removed entries, tick "Load anyway".',
  ].join('\n');
}

type Body = z.infer<typeof campaignLoadBodySchema>;

function toPlan(outcome: LoadOutcome): z.infer<typeof campaignPlanSchema> {
  const { summary, plan } = outcome;
  return {
    summary: {
      id: summary.id,
      name: summary.name,
      startsAt: summary.startsAt,
      endsAt: summary.endsAt,
      challengeDays: summary.challengeDays,
      checkpoints: summary.checkpoints,
      rewards: summary.rewards,
    },
    lines: plan.lines,
    losses: plan.losses,
    orphaned: plan.orphaned,
    ...(outcome.version !== undefined ? { version: outcome.version } : {}),
  };
}

export function campaignConsoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** Loads (or previews) the chosen source with the CLI's code, its mistakes as a person's sentence. */
  const run = async (body: Body, options: LoadOptions): Promise<LoadOutcome> => {
    const renames = { checkpoints: body.renames.checkpoints, rewards: body.renames.rewards };
    try {
      if ('version' in body.source) return await restoreCampaign(ctx.db, body.source.version, { ...options, renames });
      const name = body.source.pack;
      const folder = packsFolder(ctx.env.CAMPAIGN);
      // Only a name the server listed: never a path from the browser.
      if (!listPacks(folder).includes(name)) throw invalid(`There is no pack "${name}" on the server; choose one of the list.`);
      return await loadCampaign(ctx.db, path.join(folder, name), { ...options, renames });
    } catch (error) {
      if (error instanceof LoadRefused) throw new DomainError('conflict', consoleRefusal(error.plan));
      if (error instanceof PackError) throw invalid(error.message);
      if (error instanceof DomainError && error.message.startsWith('--rename ')) {
        throw new DomainError(error.kind, `Rename ${error.message.slice('--rename '.length)}`);
      }
      throw error;
    } finally {
      if (!options.dryRun) ctx.campaign.clear();
    }
  };

  return async (app) => {
    app.get('/api/console/campaign', { config: admin, schema: { response: { 200: campaignPageSchema } } }, async () => {
      const versions = await listVersions(ctx.db);
      return {
        versions: versions.map((v) => ({
          version: v.version,
          campaignId: v.campaignId,
          name: v.name,
          loadedAt: Math.floor(v.loadedAt.getTime() / 1000),
          loadedBy: v.loadedBy,
          source: v.source,
          contentHash: v.contentHash,
          checkpoints: v.checkpoints,
          rewards: v.rewards,
          active: v.active,
        })),
        packs: listPacks(packsFolder(ctx.env.CAMPAIGN)),
      };
    });

    app.post(
      '/api/console/campaign/preview',
      { config: admin, schema: { body: campaignPreviewBodySchema, response: { 200: campaignPlanSchema } } },
      async (request) => toPlan(await run({ ...request.body, confirm: false }, { dryRun: true, now: new Date(ctx.now()) })),
    );

    app.post(
      '/api/console/campaign/load',
      { config: admin, schema: { body: campaignLoadBodySchema, response: { 200: campaignPlanSchema } } },
      async (request) => {
        const { email } = await requireOperator(request);
        return toPlan(await run(request.body, { actor: email, confirm: request.body.confirm, now: new Date(ctx.now()) }));
      },
    );
  };
}
