// Reads and validates a campaign pack folder. Every mistake is reported with its file, entry and field.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  type CampaignFile,
  type CheckpointEntry,
  type RewardEntry,
  campaignFileSchema,
  checkpointEntrySchema,
  rewardEntrySchema,
} from './pack-schema';
import { IMAGE_PATH, VIDEO_PATH, imageProblem } from './images';
import { dayStart, formatDay } from '../text/time';
import { PACK_LANGUAGES, type PackLanguage } from '@quackquest/contract';
import {
  type PackTranslations,
  ourLanguages,
  missingScreenParts,
  translationsFileSchema,
  unknownTranslationTargets,
} from './translations';

export interface Pack {
  campaign: CampaignFile;
  /** Unix seconds of 00:00 on challenge day 1, in the campaign's time zone. */
  startTime: number;
  endTime: number;
  termsText: string;
  /** The folder whose images/ the checkpoints refer to. */
  contentDir: string;
  checkpoints: (CheckpointEntry & { sequence: number; startTime: number; endTime: number })[];
  rewards: (RewardEntry & { sequence: number; startDate: number | null; endDate: number | null })[];
  /** translations.yaml: the pack's words in other languages (decision 037); {} without the file. */
  translations: PackTranslations;
}

export class PackError extends Error {
  constructor(readonly problems: string[]) {
    super(`The campaign pack has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const DAY = 86_400;

/**
 * Reads the pack at `dir` and checks all of it: campaign.yaml, checkpoints.yaml, rewards.yaml, terms.md and the
 * images. Every mistake is collected before anything is refused, so one run lists them all (PackError).
 */
export function readPack(dir: string, now = new Date()): Pack {
  const problems: string[] = [];
  const own = mapping(readYaml(dir, 'campaign.yaml', problems), 'campaign.yaml', problems);
  let contentDir = path.resolve(dir);
  let merged: Record<string, unknown> | undefined = own;
  if (own && typeof own.basedOn === 'string') {
    contentDir = path.resolve(dir, own.basedOn);
    if (!existsSync(contentDir)) {
      problems.push(`campaign.yaml: field "basedOn": no folder ${contentDir}`);
      throw new PackError(problems);
    }
    const base = mapping(readYaml(contentDir, 'campaign.yaml', problems), 'campaign.yaml', problems);
    merged = base ? { ...base, ...own } : undefined;
  }
  const campaign = merged ? check(campaignFileSchema, merged, 'campaign.yaml', undefined, problems) : undefined;
  // Checked from the raw fields, so a mistake elsewhere in campaign.yaml does not hide a missing image.
  for (const [field, image] of campaignImages(merged)) {
    const problem = imageProblem(contentDir, image);
    if (problem) problems.push(`campaign.yaml: field "${field}": ${problem}`);
  }
  const checkpointsRaw = readYaml(contentDir, 'checkpoints.yaml', problems);
  const rewardsRaw = readYaml(contentDir, 'rewards.yaml', problems);
  const termsPath = path.join(contentDir, 'terms.md');
  const hasTerms = existsSync(termsPath);
  if (!hasTerms) problems.push('terms.md: the file is missing');

  // Without a valid campaign.yaml the entries are still checked; only their dates cannot be placed.
  const startTime = campaign ? challengeStart(campaign, now, problems) : 0;
  const lastDay = campaign?.challengeDays;
  const checkpointList = list(checkpointsRaw, 'checkpoints.yaml', problems);
  const checkpoints = checkpointList.flatMap((raw, i) => {
    const where = `checkpoints.yaml: entry ${entryName(raw, 'id', i)}`;
    const entry = check(checkpointEntrySchema, raw, 'checkpoints.yaml', entryName(raw, 'id', i), problems);
    // Checked from the raw entry, so a mistake elsewhere in it does not hide these until the next run.
    const { image, day } = (raw ?? {}) as Record<string, unknown>;
    if (typeof image === 'string' && IMAGE_PATH.test(image)) {
      const problem = imageProblem(contentDir, image);
      if (problem) problems.push(`${where}: field "image": ${problem}`);
    }
    if (lastDay !== undefined && typeof day === 'number' && day > lastDay) {
      problems.push(`${where}: field "day": must be at most challengeDays (${lastDay})`);
    }
    if (!entry) return [];
    const until = entry.until ?? lastDay ?? entry.day;
    return [{ ...entry, sequence: i + 1, startTime: startTime + (entry.day - 1) * DAY, endTime: startTime + until * DAY - 1 }];
  });
  const rewardList = list(rewardsRaw, 'rewards.yaml', problems);
  const asksSignup = merged?.signup !== undefined && merged.signup !== null;
  const rewards = rewardList.flatMap((raw, i) => {
    const entry = check(rewardEntrySchema, raw, 'rewards.yaml', entryName(raw, 'item', i), problems);
    if (!entry) return [];
    // Owners and non-owners are the two answers of the sign-up question: without it nobody could be an owner.
    if (entry.eligibility !== 'everyone' && merged && !asksSignup) {
      problems.push(
        `rewards.yaml: entry ${entryName(raw, 'item', i)}: field "eligibility": "${entry.eligibility}" needs the sign-up question (signup: in campaign.yaml)`,
      );
    }
    const startDate = entry.opensOnDay ? startTime + (entry.opensOnDay - 1) * DAY : null;
    const endDate = entry.closesAfterDay ? startTime + entry.closesAfterDay * DAY - 1 : null;
    return [{ ...entry, sequence: i + 1, startDate, endDate }];
  });
  // Optional: without translations.yaml every language gets the English words.
  const translationsRaw = existsSync(path.join(contentDir, 'translations.yaml'))
    ? readYaml(contentDir, 'translations.yaml', problems)
    : {};
  const translations: PackTranslations =
    check(translationsFileSchema, translationsRaw ?? {}, 'translations.yaml', undefined, problems) ?? {};
  problems.push(
    ...unknownTranslationTargets(translations, new Set(checkpoints.map((c) => c.id)), new Set(rewards.map((r) => r.item))),
  );
  if (campaign) {
    const has = { prize: !!campaign.prize, signup: !!campaign.signup, rewardsBanner: !!campaign.texts.rewardsBanner };
    problems.push(...missingScreenParts(translations, has));
  }
  duplicates(checkpointList, 'id', 'checkpoints.yaml', problems);
  duplicates(rewardList, 'item', 'rewards.yaml', problems);
  // Placeholders are checked against campaign.yaml's fields even when some of their values are wrong.
  const fields = campaign ?? merged;
  const termsText = fields && hasTerms ? fillTerms(readFileSync(termsPath, 'utf8'), fields, 'terms.md', 'en-GB', problems) : '';
  // terms.<language>.md: the terms in that language, its placeholders filled from campaign.yaml with the
  // language's terms words (translations.yaml) over the English ones, dates written the language's way.
  for (const file of readdirSync(contentDir).filter((name) => /^terms\..+\.md$/.test(name))) {
    const language = file.slice('terms.'.length, -'.md'.length);
    if (!(PACK_LANGUAGES as readonly string[]).includes(language)) {
      problems.push(`${file}: "${language}" is not a language of ours (${ourLanguages()})`);
      continue;
    }
    const block = (translations[language as PackLanguage] ??= { checkpoints: {}, rewards: {} });
    if (!fields) continue;
    const own = fields as { terms?: object };
    const words = { ...fields, terms: { ...own.terms, ...block.terms } };
    block.termsText = fillTerms(readFileSync(path.join(contentDir, file), 'utf8'), words, file, language, problems);
  }
  if (!campaign || problems.length) throw new PackError(problems);
  return {
    campaign,
    startTime,
    endTime: startTime + campaign.challengeDays * DAY - 1,
    termsText,
    contentDir,
    checkpoints,
    rewards,
    translations,
  };
}

/** Every image campaign.yaml names, with its field: the raw values that look like image paths. */
function campaignImages(raw: Record<string, unknown> | undefined): [string, string][] {
  if (!raw) return [];
  const found: [string, string][] = [];
  const at = (obj: unknown, key: string) => (obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[key] : undefined);
  const add = (field: string, value: unknown, pattern = IMAGE_PATH) => {
    if (typeof value === 'string' && pattern.test(value)) found.push([field, value]);
  };
  add('look.logo', at(raw.look, 'logo'));
  add('look.background', at(raw.look, 'background'));
  const videos = at(raw.look, 'backgroundVideos');
  if (Array.isArray(videos)) videos.forEach((v, i) => add(`look.backgroundVideos.${i}`, v, VIDEO_PATH));
  add('prize.image', at(raw.prize, 'image'));
  add('texts.rewardsBanner.image', at(at(raw.texts, 'rewardsBanner'), 'image'));
  const photos = at(raw.texts, 'signupPhotos');
  if (Array.isArray(photos)) photos.forEach((p, i) => add(`texts.signupPhotos.${i}.image`, at(p, 'image')));
  return found;
}

function challengeStart(campaign: CampaignFile, now: Date, problems: string[]): number {
  if (campaign.challengeStart !== 'relative') return dayStart(campaign.challengeStart, campaign.timeZone);
  if (!campaign.todayIsDay) {
    problems.push('campaign.yaml: field "todayIsDay": required when challengeStart is relative');
    return 0;
  }
  const today = formatDay(now, campaign.timeZone);
  return dayStart(today, campaign.timeZone) - (campaign.todayIsDay - 1) * DAY;
}

/** Replaces `{{dotted.path}}` with the campaign.yaml value; dates read like "14 August 2025" in `locale`. */
function fillTerms(text: string, campaign: object, file: string, locale: string, problems: string[]): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, key: string) => {
    const value = key.split('.').reduce<unknown>((obj, part) => (obj as Record<string, unknown> | undefined)?.[part], campaign);
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return readableDate(value, locale);
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    problems.push(`${file}: placeholder "{{${key}}}": no such field in campaign.yaml`);
    return '';
  });
}

function readableDate(isoDay: string, locale: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function readYaml(dir: string, file: string, problems: string[]): unknown {
  const full = path.join(dir, file);
  if (!existsSync(full)) {
    problems.push(`${file}: the file is missing in ${dir}`);
    return undefined;
  }
  try {
    return parseYaml(readFileSync(full, 'utf8'));
  } catch (error) {
    problems.push(`${file}: not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

function mapping(value: unknown, file: string, problems: string[]): Record<string, unknown> | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (value !== undefined) problems.push(`${file}: must hold fields like id: and name:, one per line`);
  return undefined;
}

function list(value: unknown, file: string, problems: string[]): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== undefined) problems.push(`${file}: must be a list of entries`);
  return [];
}

function check<T>(
  schema: z.ZodType<T>,
  value: unknown,
  file: string,
  entry: string | undefined,
  problems: string[],
): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const where = `${file}:${entry ? ` entry ${entry}:` : ''}`;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // Name each misspelt field where the operator will look for it, like any other field.
      for (const key of issue.keys) {
        problems.push(`${where} field "${[...issue.path, key].join('.')}": unknown field (check its spelling)`);
      }
      continue;
    }
    const field = issue.path.length ? `field "${issue.path.join('.')}"` : 'the entry';
    problems.push(`${where} ${field}: ${issue.message}`);
  }
  return undefined;
}

function entryName(raw: unknown, key: string, index: number): string {
  const name = (raw as Record<string, unknown> | null)?.[key];
  return typeof name === 'string' ? `${index + 1} (${name})` : String(index + 1);
}

function duplicates(entries: unknown[], field: string, file: string, problems: string[]): void {
  const seen = new Set<string>();
  for (const raw of entries) {
    const name = (raw as Record<string, unknown> | null)?.[field];
    if (typeof name !== 'string') continue;
    if (seen.has(name)) problems.push(`${file}: entry ${name}: field "${field}": appears more than once`);
    seen.add(name);
  }
}
