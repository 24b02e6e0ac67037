// The shape of a campaign pack's files (campaigns/README.md documents them for operators).
import {
  CHECKPOINT_TYPES,
  CODE_PERIOD_DEFAULT_SEC,
  CODE_PERIOD_MAX_SEC,
  CODE_PERIOD_MIN_SEC,
  MCQ_MAX_CHOICES,
} from '@quackquest/contract';
import { z } from 'zod';
import { IMAGE_PATH, VIDEO_PATH } from './images';

// YAML readers differ on bare dates: accept a Date or an ISO day string, keep "YYYY-MM-DD".
const asDayText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);
const DAY_MESSAGE = 'must be a date like 2025-09-01';
const day = z.preprocess(
  asDayText,
  z
    .string(DAY_MESSAGE)
    .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
    .refine(isCalendarDay, 'is not a day of the calendar (check the month and the day)'),
);
/** A day, or "relative" (challengeStart: the day of loading is todayIsDay). */
const dayOrRelative = z.preprocess(
  asDayText,
  z
    .string(`${DAY_MESSAGE}, or relative`)
    .regex(/^(\d{4}-\d{2}-\d{2}|relative)$/, `${DAY_MESSAGE}, or relative`)
    .refine((v) => v === 'relative' || isCalendarDay(v), 'is not a day of the calendar (check the month and the day)'),
);

/** 2026-02-30 and month 13 are not days: the day must read back the same. */
function isCalendarDay(text: string): boolean {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
const positiveInt = z.number().int().positive();

// The event's own look and words (campaigns/README.md, decision 033). Every text has a default that names no
// particular kind of event, so a pack that leaves one out never shows another event's words.
const IMAGE_MESSAGE = 'must be images/ followed by a file name ending in .svg, .png, .jpg, .jpeg or .webp';
const packImage = z.string().regex(IMAGE_PATH, IMAGE_MESSAGE);
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #0b4f8a');
/** The colour roles the web app has (styles.css): deep = page background, primary = buttons and links, ... */
const COLOUR_ROLES = ['deep', 'primary', 'bright', 'pale', 'accent'] as const;

const lookSchema = z.strictObject({
  logo: packImage.optional(),
  logoAlt: text(80).optional(),
  colours: z.partialRecord(z.enum(COLOUR_ROLES), colour).default({}),
  background: packImage.optional(),
  backgroundVideos: z
    .array(z.string().regex(VIDEO_PATH, 'must be images/ followed by a file name ending in .webm or .mp4'))
    .max(2)
    .default([]),
});

const prizeSchema = z.strictObject({ title: text(60), text: text(120), image: packImage.optional() });

const signupAnswer = z.strictObject({ answer: text(40), rewardsLabel: text(60), refusal: text(160) });
const signupSchema = z.strictObject({
  question: text(80),
  text: z.string().trim().default(''),
  yes: signupAnswer,
  no: signupAnswer,
});

const TEXT_DEFAULTS = {
  signupTitle: 'Join the challenge',
  signupPitch: 'Sign up for the daily challenge: complete checkpoints, spin the wheel for ducks and spend them on rewards!',
  signupPhotos: [],
  loginTitle: 'Welcome back',
  signupGoogleTitle: 'Almost there!',
  congrats: 'Checkpoint complete! Rack up ducks and climb the leaderboard!',
  rewardsCaption: '',
  voucherHint: 'Show this code to our staff to collect your reward.',
  claimedHint: 'Your voucher is waiting in My Rewards. Show it to our staff.',
  notFoundTitle: 'Nothing here',
  loadErrorTitle: 'Something went wrong',
};
const textsSchema = z.strictObject({
  signupTitle: text(40).default(TEXT_DEFAULTS.signupTitle),
  signupPitch: text(300).default(TEXT_DEFAULTS.signupPitch),
  signupPhotos: z
    .array(z.strictObject({ image: packImage, alt: text(120) }))
    .max(3)
    .default([]),
  loginTitle: text(40).default(TEXT_DEFAULTS.loginTitle),
  signupGoogleTitle: text(40).default(TEXT_DEFAULTS.signupGoogleTitle),
  congrats: text(160).default(TEXT_DEFAULTS.congrats),
  rewardsCaption: z.string().trim().max(160, 'must be at most 160 characters').default(''),
  rewardsBanner: z.strictObject({ image: packImage, alt: text(120) }).optional(),
  voucherHint: text(160).default(TEXT_DEFAULTS.voucherHint),
  claimedHint: text(160).default(TEXT_DEFAULTS.claimedHint),
  notFoundTitle: text(40).default(TEXT_DEFAULTS.notFoundTitle),
  loadErrorTitle: text(40).default(TEXT_DEFAULTS.loadErrorTitle),
});

export const MAIL_DEFAULTS = {
  senderName: 'QuackQuest',
  signInSubject: 'Your QuackQuest sign-in link',
  signUpSubject: 'Finish signing up to QuackQuest',
  winnerAsks: ['your full name', 'a phone number we can reach you on'],
};
const mailSchema = z.strictObject({
  /** The From name (and the name in the sign-in e-mail's text); MAIL_FROM gives the address. */
  senderName: text(60)
    .refine((name) => !/["<>\r\n]/.test(name), 'must not contain quotes, < or >')
    .default(MAIL_DEFAULTS.senderName),
  signInSubject: text(120).default(MAIL_DEFAULTS.signInSubject),
  signUpSubject: text(120).default(MAIL_DEFAULTS.signUpSubject),
  /** What a winner's e-mail asks them to reply with, one item a line (a cruise needs passport details). */
  winnerAsks: z.array(text(120)).min(1).max(8).default(MAIL_DEFAULTS.winnerAsks),
});

export const campaignFileSchema = z
  .strictObject({
    basedOn: z.string().optional(),
    id: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes'),
    name: z.string().min(1),
    tagline: z.string().default(''),
    description: z.string().default(''),
    timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone like Asia/Singapore'),
    challengeStart: dayOrRelative,
    todayIsDay: positiveInt.optional(),
    challengeDays: positiveInt.max(366),
    /** The booking button of /checkpoints opens it in a new tab; without it there is no button. */
    // A web page only: a javascript: or data: link would run in the visitor app's origin when tapped.
    bookingUrl: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// address' }).optional(),
    bookingLabel: z.string().min(1).max(40).default('Book now'),
    look: lookSchema.default({ colours: {}, backgroundVideos: [] }),
    prize: prizeSchema.optional(),
    signup: signupSchema.optional(),
    texts: textsSchema.default(TEXT_DEFAULTS),
    mail: mailSchema.default(MAIL_DEFAULTS),
    operator: z.strictObject({
      name: z.string().min(1),
      emails: z.array(z.email()).default([]),
    }),
    terms: z.strictObject({
      effectiveDate: day,
      claimDeadline: day,
      collectionStart: day,
      collectionEnd: day,
      /** Where vouchers are collected, shown with the dates on the voucher; optional. */
      collectionPlace: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
      winnerReplyDays: positiveInt,
      winnerNotificationTimeline: z.string().min(1),
      dataProtectionContact: z.string().min(1),
    }),
    wheel: z.strictObject({
      weights: z
        .record(z.enum(['1', '2', '3', '4', '5']), z.number().nonnegative())
        .refine((w) => Object.values(w).some((v) => v > 0), 'at least one weight must be above 0'),
    }),
  })
  .superRefine((c, ctx) => {
    // ISO days compare as text. A deadline or an end before its start is a typo, never a plan.
    const before = (field: string, value: string, start: string, startName: string) => {
      if (isCalendarDay(value) && isCalendarDay(start) && value < start)
        ctx.addIssue({ code: 'custom', path: field.split('.'), message: `must not be before ${startName} (${start})` });
    };
    before('terms.collectionEnd', c.terms.collectionEnd, c.terms.collectionStart, 'terms.collectionStart');
    before('terms.claimDeadline', c.terms.claimDeadline, c.terms.effectiveDate, 'terms.effectiveDate');
    if (c.challengeStart !== 'relative') before('terms.claimDeadline', c.terms.claimDeadline, c.challengeStart, 'challengeStart');
  });
export type CampaignFile = z.infer<typeof campaignFileSchema>;

const letters = ['a', 'b', 'c', 'd'] as const;

export const checkpointEntrySchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes'),
    day: positiveInt,
    until: positiveInt.optional(),
    title: z.string().min(1).max(60),
    subtitle: z.string().default(''),
    type: z.enum(CHECKPOINT_TYPES),
    image: z
      .string()
      .regex(IMAGE_PATH, 'must be images/ followed by a file name ending in .svg, .png, .jpg, .jpeg or .webp')
      .optional(),
    maxAttempts: z.number().int().nonnegative(),
    qrTexts: z.array(z.string().trim().min(1)).min(1).optional(),
    /** Scan checkpoints: a code shown on a kiosk's screen that changes every period, instead of printed ones (decision 083). */
    rotatingCode: z
      .strictObject({
        period: z
          .number()
          .int('must be a whole number of seconds')
          .min(CODE_PERIOD_MIN_SEC, `must be at least ${CODE_PERIOD_MIN_SEC} seconds`)
          .max(CODE_PERIOD_MAX_SEC, `must be at most ${CODE_PERIOD_MAX_SEC} seconds`)
          .default(CODE_PERIOD_DEFAULT_SEC),
      })
      .optional(),
    choices: z
      .array(
        z
          .string()
          .min(1)
          .refine((c) => !c.includes('_'), 'a choice cannot contain "_"'),
      )
      .min(2)
      .max(MCQ_MAX_CHOICES)
      .optional(),
    answers: z.array(z.enum(letters)).min(1).optional(),
  })
  .superRefine((c, ctx) => {
    const scan = c.type === 'Scan' || c.type === 'ScanNoSpin';
    if (scan && !c.qrTexts && !c.rotatingCode) {
      ctx.addIssue({ code: 'custom', path: ['qrTexts'], message: `required for ${c.type}, unless it has a rotatingCode` });
    }
    if (c.qrTexts && c.rotatingCode) {
      // A printed code beside the kiosk's would work from a photo again: one or the other.
      ctx.addIssue({
        code: 'custom',
        path: ['rotatingCode'],
        message: 'a checkpoint takes printed qrTexts or a rotatingCode, not both',
      });
    }
    if (!scan && c.qrTexts) ctx.addIssue({ code: 'custom', path: ['qrTexts'], message: 'only for Scan checkpoints' });
    if (!scan && c.rotatingCode) ctx.addIssue({ code: 'custom', path: ['rotatingCode'], message: 'only for Scan checkpoints' });
    if (c.type === 'MCQ') {
      if (!c.choices) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'required for MCQ' });
      if (!c.answers) ctx.addIssue({ code: 'custom', path: ['answers'], message: 'required for MCQ' });
      const count = c.choices?.length ?? 0;
      for (const answer of c.answers ?? []) {
        if (letters.indexOf(answer) >= count) {
          ctx.addIssue({ code: 'custom', path: ['answers'], message: `"${answer}" has no choice` });
        }
      }
    } else if (c.choices || c.answers) {
      ctx.addIssue({ code: 'custom', path: [c.choices ? 'choices' : 'answers'], message: 'only for MCQ' });
    }
    if (c.until !== undefined && c.until < c.day) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'must not be before day' });
    }
  });
export type CheckpointEntry = z.infer<typeof checkpointEntrySchema>;

export const rewardEntrySchema = z
  .strictObject({
    item: z.string().min(1).max(80),
    price: positiveInt,
    stock: z.number().int().nonnegative(),
    description: z.string().default(''),
    eligibility: z.enum(['everyone', 'owners', 'non-owners']).default('everyone'),
    perUserLimit: positiveInt.optional(),
    opensOnDay: positiveInt.optional(),
    closesAfterDay: positiveInt.optional(),
  })
  .refine((r) => !r.opensOnDay || !r.closesAfterDay || r.closesAfterDay >= r.opensOnDay, {
    path: ['closesAfterDay'],
    message: 'must not be before opensOnDay',
  });
export type RewardEntry = z.infer<typeof rewardEntrySchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
