// A pack's words in other languages (decision 037): translations.yaml next to checkpoints.yaml, optional, one
// block per language; a field left out keeps the English. The API answers in the language a request asks for
// (?lang=, else Accept-Language), English when it has none of ours.
import { type CampaignScreens, type Language, PACK_LANGUAGES, type PackLanguage, matchLanguage } from '@quackquest/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export type { Language, PackLanguage } from '@quackquest/contract';

/** "zh-Hans, ms or ta": the languages a pack may have, for a problem's message. */
export const ourLanguages = () => `${PACK_LANGUAGES.slice(0, -1).join(', ')} or ${PACK_LANGUAGES.at(-1)!}`;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

const signupAnswer = z.strictObject({ answer: text(40), rewardsLabel: text(60), refusal: text(160) }).partial();

/**
 * The screen words of campaign.yaml (decision 033), in its shape, every field optional: merged over the English.
 * Only words: images, links, dates and figures stay the English pack's (an image's key is refused as unknown).
 */
const screenWords = {
  bookingLabel: text(40).optional(),
  prize: z
    .strictObject({ title: text(60), text: text(120) })
    .partial()
    .optional(),
  signup: z
    .strictObject({ question: text(80), text: text(500), yes: signupAnswer, no: signupAnswer })
    .partial()
    .optional(),
  texts: z
    .strictObject({
      signupTitle: text(40),
      signupPitch: text(300),
      loginTitle: text(40),
      signupGoogleTitle: text(40),
      congrats: text(160),
      rewardsCaption: text(160),
      rewardsBanner: z.strictObject({ alt: text(120) }),
      voucherHint: text(160),
      claimedHint: text(160),
      notFoundTitle: text(40),
      loadErrorTitle: text(40),
    })
    .partial()
    .optional(),
  /** The words the terms' placeholders and the voucher take from campaign.yaml terms. */
  terms: z
    .strictObject({ collectionPlace: text(200), winnerNotificationTimeline: text(500), dataProtectionContact: text(500) })
    .partial()
    .optional(),
};

const languageBlock = z.strictObject({
  tagline: text(200).optional(),
  description: text(1000).optional(),
  ...screenWords,
  /** By checkpoint id: its title and its question (subtitle). */
  checkpoints: z.record(z.string(), z.strictObject({ title: text(60).optional(), subtitle: text(500).optional() })).default({}),
  /** By reward item (its name stays the English one: it is the reward's identity in claims and exports). */
  rewards: z.record(z.string(), z.strictObject({ description: text(500).optional() })).default({}),
});

export const translationsFileSchema = z.partialRecord(z.enum(PACK_LANGUAGES, `must be ${ourLanguages()}`), languageBlock);
type LanguageBlock = z.infer<typeof languageBlock>;
/** translations.yaml as loaded: each language's block, with its terms.<language>.md filled like terms.md. */
export type PackTranslations = Partial<Record<PackLanguage, LanguageBlock & { termsText?: string }>>;

/** Problems of screen words translated for a part campaign.yaml does not have (nothing to translate). */
export function missingScreenParts(
  translations: PackTranslations,
  has: { prize: boolean; signup: boolean; rewardsBanner: boolean },
): string[] {
  const problems: string[] = [];
  for (const [language, block] of Object.entries(translations)) {
    const missing = (field: string) =>
      problems.push(`translations.yaml: ${language}: field "${field}": campaign.yaml has no ${field} to translate`);
    if (block.prize && !has.prize) missing('prize');
    if (block.signup && !has.signup) missing('signup');
    if (block.texts?.rewardsBanner && !has.rewardsBanner) missing('texts.rewardsBanner');
  }
  return problems;
}

/** The screens (decision 033) with a language's words merged over the English ones, field by field. */
export function translateScreens(screens: CampaignScreens, words: LanguageBlock | undefined): CampaignScreens {
  if (!words) return screens;
  const { rewardsBanner, ...texts } = words.texts ?? {};
  const signup = screens.signup && words.signup;
  return {
    ...screens,
    ...texts,
    bookingLabel: words.bookingLabel ?? screens.bookingLabel,
    prize: screens.prize && { ...screens.prize, ...words.prize },
    signup: signup
      ? {
          ...screens.signup!,
          ...(signup.question && { question: signup.question }),
          ...(signup.text && { text: signup.text }),
          yes: { ...screens.signup!.yes, ...signup.yes },
          no: { ...screens.signup!.no, ...signup.no },
        }
      : screens.signup,
    rewardsBanner: screens.rewardsBanner && { ...screens.rewardsBanner, ...rewardsBanner },
  };
}

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
  return matchLanguage([lang, ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0])]) ?? 'en';
}

/** The language a request asks for; the answer varies by it. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const lang = typeof query?.lang === 'string' ? query.lang : undefined;
  return pickLanguage(lang, request.headers['accept-language']);
}

/**
 * The request's language as users.language keeps it for the e-mails and reminders sent later (decision 037): null is
 * English. Kept at each sign-up, sign-in and reminder opt-in.
 */
export function keptLanguage(request: FastifyRequest): Exclude<Language, 'en'> | null {
  const requested = requestLanguage(request);
  return requested === 'en' ? null : requested;
}

/** The block of `language`, or undefined for English and for a language the pack does not translate. */
export function translationsFor(translations: PackTranslations | undefined, language: Language) {
  return language === 'en' ? undefined : translations?.[language];
}
