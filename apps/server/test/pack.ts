// A small campaign pack written to disk for the tests of loading, versions and the console's campaign page.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';

/** A 1 x 1 PNG: the pack's images/logo.png, served back byte for byte once the pack is loaded. */
export const PACK_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The quiz's picture, images/quiz.svg. */
export const PACK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n';

/** campaign.yaml's terms of the test packs. */
export const PACK_TERMS = {
  effectiveDate: '2025-08-14',
  claimDeadline: '2025-10-15',
  collectionStart: '2025-11-16',
  collectionEnd: '2025-11-18',
  winnerReplyDays: 14,
  winnerNotificationTimeline: 'within a week',
  dataProtectionContact: 'privacy@example.com',
};

/** The entries a pack has, each under the id or item name given; left out = not in the pack. */
export interface PackEntries {
  /** An MCQ checkpoint ("Lifeboat Drill", answer b, with an image). */
  quiz?: string;
  /** A text checkpoint ("Name That Duck"). */
  note?: string;
  /** A reward of 3 ducks, stock `beerStock` (5 unless given). */
  beer?: string;
  beerStock?: number;
  /** A reward of 1 duck, stock 10. */
  wifi?: string;
}

/** Writes a pack for campaign `campaignId` into `dir` (created if missing) and returns `dir`. */
export function writePack(dir: string, campaignId: string, entries: PackEntries): string {
  mkdirSync(path.join(dir, 'images'), { recursive: true });
  writeFileSync(path.join(dir, 'images', 'quiz.svg'), PACK_SVG);
  writeFileSync(path.join(dir, 'images', 'logo.png'), PACK_PNG);
  writeFileSync(
    path.join(dir, 'campaign.yaml'),
    stringify({
      id: campaignId,
      name: 'Pack Test',
      timeZone: 'Asia/Singapore',
      challengeStart: 'relative',
      todayIsDay: 1,
      challengeDays: 3,
      bookingUrl: 'https://example.com/book',
      operator: { name: 'Pack Test Ltd.' },
      terms: PACK_TERMS,
      wheel: { weights: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 0 } },
    }),
  );
  const checkpoints = [
    entries.quiz && {
      id: entries.quiz,
      day: 1,
      title: 'Lifeboat Drill',
      type: 'MCQ',
      maxAttempts: 3,
      choices: ['A', 'B'],
      answers: ['b'],
      image: 'images/quiz.svg',
    },
    entries.note && { id: entries.note, day: 1, title: 'Name That Duck', type: 'Str', maxAttempts: 2 },
  ].filter(Boolean);
  const rewards = [
    entries.beer && { item: entries.beer, price: 3, stock: entries.beerStock ?? 5 },
    entries.wifi && { item: entries.wifi, price: 1, stock: 10 },
  ].filter(Boolean);
  writeFileSync(path.join(dir, 'checkpoints.yaml'), stringify(checkpoints));
  writeFileSync(path.join(dir, 'rewards.yaml'), stringify(rewards));
  writeFileSync(path.join(dir, 'terms.md'), 'Run by {{operator.name}}.\n');
  return dir;
}
