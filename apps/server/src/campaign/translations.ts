// A pack's words in other languages (decision 037): translations.yaml next to checkpoints.yaml, optional, one
// block per language; a field left out keeps the English. The API answers in the language a request asks for
// (?lang=, else Accept-Language), English when it has none of ours.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const PACK_LANGUAGES = ['zh-Hans', 'ms', 'ta'] as const;
export type PackLanguage = (typeof PACK_LANGUAGES)[number];
export type Language = 'en' | PackLanguage;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

const languageBlock = z.strictObject({
  tagline: text(200).optional(),
  description: text(1000).optional(),
  /** By checkpoint id: its title and its question (subtitle). */
  checkpoints: z.record(z.string(), z.strictObject({ title: text(60).optional(), subtitle: text(500).optional() })).default({}),
  /** By reward item (its name stays the English one: it is the reward's identity in claims and exports). */
  rewards: z.record(z.string(), z.strictObject({ description: text(500).optional() })).default({}),
});

export const translationsFileSchema = z.partialRecord(z.enum(PACK_LANGUAGES, 'must be zh-Hans, ms or ta'), languageBlock);
export type PackTranslations = z.infer<typeof translationsFileSchema>;

/** Problems of translations that name a checkpoint or reward the pack does not have. */
export function unknownTranslationTargets(
  translations: PackTranslations,
  checkpointIds: ReadonlySet<string>,
  rewardItems: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  for (const [language, block] of Object.entries(translations)) {
    for (const id of Object.keys(block.checkpoints)) {
      if (!checkpointIds.has(id))
        problems.push(`translations.yaml: ${language}: checkpoint "${id}": no such id in checkpoints.yaml`);
    }
    for (const item of Object.keys(block.rewards)) {
      if (!rewardItems.has(item)) problems.push(`translations.yaml: ${language}: reward "${item}": no such item in rewards.yaml`);
    }
  }
  return problems;
}

/** Pure: the first language of ours in a ?lang value or an Accept-Language header; zh-* is Simplified Chinese. */
export function pickLanguage(lang: string | undefined, acceptLanguage: string | undefined): Language {
  const tags = [lang, ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0])];
  for (const tag of tags) {
    const base = tag?.trim().toLowerCase().split('-')[0];
    if (base === 'zh') return 'zh-Hans';
    if (base === 'ms' || base === 'ta' || base === 'en') return base;
  }
  return 'en';
}

/** The language a request asks for; the answer varies by it. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = typeof query?.lang === 'string' ? query.lang : undefined;
  return pickLanguage(lang, request.headers['accept-language']);
}

/** The block of `language`, or undefined for English and for a language the pack does not translate. */
export function translationsFor(translations: PackTranslations | undefined, language: Language) {
  return language === 'en' ? undefined : translations?.[language];
}
