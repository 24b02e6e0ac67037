import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKPOINT_TYPES } from '@quackquest/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { checkpointValues } from './load';
import { PackError, readPack } from './pack';
import { PACK_TERMS } from '../../test/pack';

const campaignsDir = fileURLToPath(new URL('../../../../campaigns/', import.meta.url));
const DAY = 86_400;
/** Unix seconds of a wall-clock time in Singapore (UTC+8, no daylight saving). */
const sgt = (local: string) => Date.parse(`${local}+08:00`) / 1000;

describe.each(['singapore-2025', 'demo'])('the %s pack', (name) => {
  const pack = readPack(path.join(campaignsDir, name));

  it('has 14 checkpoints using all five types', () => {
    expect(pack.checkpoints).toHaveLength(14);
    expect(new Set(pack.checkpoints.map((c) => c.type))).toEqual(new Set(CHECKPOINT_TYPES));
  });

  it.each(['cabin', 'upgrade', 'discount', 'credit', 'wifi', 'champagne', 'beer'])('offers a %s reward', (keyword) => {
    expect(pack.rewards.some((r) => r.item.toLowerCase().includes(keyword))).toBe(true);
  });

  it('fills every terms placeholder', () => {
    expect(pack.termsText).not.toContain('{{');
    for (const text of ['14 August 2025', '15 October 2025', '16 November 2025', '18 November 2025']) {
      expect(pack.termsText).toContain(text);
    }
    expect(pack.termsText).toContain('Merduck Bay Festival Voyages Pte. Ltd.');
    expect(pack.termsText).toContain('14-day daily challenge');
  });

  it('says where and when vouchers are collected: on board, 16-18 November 2025', () => {
    expect(pack.campaign.terms).toMatchObject({ collectionStart: '2025-11-16', collectionEnd: '2025-11-18' });
    expect(pack.campaign.terms.collectionPlace).toMatch(/\S/);
  });
});

describe('singapore-2025 dates', () => {
  const pack = readPack(path.join(campaignsDir, 'singapore-2025'));
  const checkpoint = (id: string) => pack.checkpoints.find((c) => c.id === id)!;

  it('day 1 starts at 00:00 on 1 September 2025 in Singapore', () => {
    expect(pack.startTime).toBe(sgt('2025-09-01T00:00:00'));
    expect(checkpoint('day-01-gangway').startTime).toBe(sgt('2025-09-01T00:00:00'));
    expect(pack.endTime).toBe(sgt('2025-09-15T00:00:00') - 1);
  });

  it('opens each checkpoint at 00:00 on its day and closes it at the end of its last day', () => {
    expect(checkpoint('day-03-name-that-duck')).toMatchObject({
      startTime: sgt('2025-09-03T00:00:00'),
      endTime: sgt('2025-09-06T00:00:00') - 1,
    });
    expect(checkpoint('day-14-farewell-flotilla').startTime).toBe(sgt('2025-09-14T00:00:00'));
  });

  it('closes the cabin prize at the end of the claim deadline, 15 October 2025 (day 45)', () => {
    const cabin = pack.rewards.find((r) => r.item === 'Free 3D2N Cabin')!;
    expect(cabin.endDate).toBe(sgt('2025-10-16T00:00:00') - 1);
    expect(pack.rewards.find((r) => r.item === 'Onboard Credit')!.startDate).toBe(sgt('2025-09-08T00:00:00'));
  });
});

describe('demo dates', () => {
  it('places today on day 4: days 1-4 are open now, day 5 on are still to come', () => {
    const pack = readPack(path.join(campaignsDir, 'demo'));
    const now = Date.now() / 1000;
    expect(pack.campaign).toMatchObject({ id: 'demo', name: 'QuackQuest Demo' });
    for (const c of pack.checkpoints) {
      if (c.day <= 4) {
        expect(c.startTime, c.id).toBeLessThanOrEqual(now);
        expect(c.endTime, c.id).toBeGreaterThan(now);
      } else {
        expect(c.startTime, c.id).toBeGreaterThan(now);
      }
    }
  });

  it.each([
    ['just after midnight', '2026-01-01T00:30:00', '2026-01-01T00:00:00'],
    ['just before midnight', '2026-01-01T23:59:00', '2026-01-01T00:00:00'],
  ])("counts today in the campaign's time zone (%s in Singapore)", (_, local, dayFourStart) => {
    const pack = readPack(path.join(campaignsDir, 'demo'), new Date(sgt(local) * 1000));
    const day4 = pack.checkpoints.find((c) => c.day === 4)!;
    expect(day4.startTime).toBe(sgt(dayFourStart));
    expect(pack.startTime).toBe(sgt(dayFourStart) - 3 * DAY);
  });
});

// Broken packs: a small valid pack written to a temporary folder, then one mistake at a time.
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function smallPack() {
  return {
    campaign: {
      id: 'test-pack',
      name: 'Test Pack',
      timeZone: 'Asia/Singapore',
      challengeStart: '2025-09-01',
      challengeDays: 3,
      bookingUrl: 'https://example.com/book',
      operator: { name: 'Test Voyages Ltd.', emails: ['ops@example.com'] },
      terms: { ...PACK_TERMS },
      wheel: { weights: { 1: 35, 2: 25, 3: 20, 4: 12, 5: 8 } },
    } as Record<string, unknown>,
    checkpoints: [
      { id: 'gangway', day: 1, title: 'Gangway Hello', type: 'Scan', maxAttempts: 0, qrTexts: ['QQ-GANGWAY'] },
      {
        id: 'quiz',
        day: 2,
        title: 'Lifeboat Drill',
        type: 'MCQ',
        image: 'images/quiz.svg',
        maxAttempts: 1,
        choices: ['Cabin', 'Muster station', 'Buffet'],
        answers: ['b'],
      },
    ] as Record<string, unknown>[],
    rewards: [{ item: 'Draught Beer', price: 3, stock: 200, eligibility: 'everyone' }] as Record<string, unknown>[],
    terms: 'Organiser: {{operator.name}}\nClaim by {{terms.claimDeadline}}.\n',
  };
}
type SmallPack = ReturnType<typeof smallPack>;

/** Writes the pack; a file given as a string is written as is, one given as null is left out. */
function writePack(edit: (pack: SmallPack) => void = () => {}, raw: Record<string, string | null> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quackquest-pack-'));
  tempDirs.push(dir);
  const pack = smallPack();
  edit(pack);
  const files: Record<string, string | null> = {
    'campaign.yaml': stringify(pack.campaign),
    'checkpoints.yaml': stringify(pack.checkpoints),
    'rewards.yaml': stringify(pack.rewards),
    'terms.md': pack.terms,
    ...raw,
  };
  for (const [file, text] of Object.entries(files)) if (text !== null) writeFileSync(path.join(dir, file), text);
  mkdirSync(path.join(dir, 'images'));
  writeFileSync(path.join(dir, 'images', 'quiz.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

/** Writes images/<name> into the pack at `dir` and returns `dir`. */
function withImage(dir: string, name: string, content: Buffer | string): string {
  writeFileSync(path.join(dir, 'images', name), content);
  return dir;
}

function problemsOf(dir: string): string[] {
  try {
    readPack(dir);
  } catch (error) {
    if (error instanceof PackError) return error.problems;
    throw error;
  }
  throw new Error('the pack loaded without a problem');
}

describe('a broken pack is refused, naming the file, the entry and the field', () => {
  it('(the small pack used below loads when nothing is broken)', () => {
    const pack = readPack(writePack());
    expect(pack.checkpoints.map((c) => c.id)).toEqual(['gangway', 'quiz']);
    expect(pack.termsText).toBe('Organiser: Test Voyages Ltd.\nClaim by 15 October 2025.\n');
  });

  it('takes a Scan checkpoint shown on kiosks: its code changes every 30 seconds unless the pack says (decision 083)', () => {
    const pack = readPack(
      writePack((p) => {
        delete p.checkpoints[0]!.qrTexts;
        Object.assign(p.checkpoints[0]!, { rotatingCode: {} });
      }),
    );
    expect(pack.checkpoints[0]).toMatchObject({ id: 'gangway', rotatingCode: { period: 30 } });
    expect(checkpointValues(pack.checkpoints[0]!)).toMatchObject({ qrTexts: null, codePeriod: 30 });
  });

  it.each<[string, () => string, string[]]>([
    ['a missing file', () => writePack(undefined, { 'rewards.yaml': null }), ['rewards.yaml: the file is missing']],
    ['a missing terms.md', () => writePack(undefined, { 'terms.md': null }), ['terms.md: the file is missing']],
    [
      'invalid YAML',
      () => writePack(undefined, { 'checkpoints.yaml': '- id: gangway\n  title: [unclosed\n  day: 1\n' }),
      ['checkpoints.yaml: not valid YAML', 'line 3'],
    ],
    [
      'an MCQ without answers',
      () => writePack((p) => delete p.checkpoints[1]!.answers),
      ['checkpoints.yaml: entry 2 (quiz): field "answers": required for MCQ'],
    ],
    [
      'an answer letter without a choice',
      () => writePack((p) => (p.checkpoints[1]!.answers = ['d'])),
      ['checkpoints.yaml: entry 2 (quiz): field "answers": "d" has no choice'],
    ],
    [
      'an answer letter past "d"',
      () => writePack((p) => (p.checkpoints[1]!.answers = ['b', 'e'])),
      ['checkpoints.yaml: entry 2 (quiz): field "answers.1"'],
    ],
    [
      'a Scan without qrTexts',
      () => writePack((p) => delete p.checkpoints[0]!.qrTexts),
      ['checkpoints.yaml: entry 1 (gangway): field "qrTexts": required for Scan, unless it has a rotatingCode'],
    ],
    [
      'a Scan with printed codes and a rotating one',
      () => writePack((p) => Object.assign(p.checkpoints[0]!, { rotatingCode: { period: 30 } })),
      [
        'checkpoints.yaml: entry 1 (gangway): field "rotatingCode": a checkpoint takes printed qrTexts or a rotatingCode, not both',
      ],
    ],
    [
      'a rotating code changing every 5 seconds',
      () =>
        writePack((p) => {
          delete p.checkpoints[0]!.qrTexts;
          Object.assign(p.checkpoints[0]!, { rotatingCode: { period: 5 } });
        }),
      ['checkpoints.yaml: entry 1 (gangway): field "rotatingCode.period": must be at least 15 seconds'],
    ],
    [
      'a rotating code on an MCQ',
      () => writePack((p) => Object.assign(p.checkpoints[1]!, { rotatingCode: {} })),
      ['checkpoints.yaml: entry 2 (quiz): field "rotatingCode": only for Scan checkpoints'],
    ],
    [
      'duplicate ids',
      () => writePack((p) => (p.checkpoints[1]!.id = 'gangway')),
      ['checkpoints.yaml: entry gangway: field "id": appears more than once'],
    ],
    [
      'a negative stock',
      () => writePack((p) => (p.rewards[0]!.stock = -1)),
      ['rewards.yaml: entry 1 (Draught Beer): field "stock"'],
    ],
    [
      'a misspelt checkpoint field',
      () =>
        writePack((p) => {
          p.checkpoints[1]!.maxAtempts = 1;
          delete p.checkpoints[1]!.maxAttempts;
        }),
      [
        'checkpoints.yaml: entry 2 (quiz): field "maxAtempts": unknown field',
        'checkpoints.yaml: entry 2 (quiz): field "maxAttempts"',
      ],
    ],
    [
      'a misspelt reward field',
      () => writePack((p) => (p.rewards[0]!.perUserLmit = 2)),
      ['rewards.yaml: entry 1 (Draught Beer): field "perUserLmit": unknown field'],
    ],
    [
      'a misspelt campaign field',
      () => writePack((p) => (p.campaign.operator = { name: 'Test Voyages Ltd.', email: ['ops@example.com'] })),
      ['campaign.yaml: field "operator.email": unknown field'],
    ],
    [
      'an image that does not exist',
      () => writePack((p) => (p.checkpoints[1]!.image = 'images/no-such.svg')),
      ['checkpoints.yaml: entry 2 (quiz): field "image": images/no-such.svg does not exist'],
    ],
    [
      'a terms placeholder that does not exist',
      () => writePack((p) => (p.terms = 'Collect by {{terms.collectionEnds}}.')),
      ['terms.md: placeholder "{{terms.collectionEnds}}": no such field in campaign.yaml'],
    ],
  ])('%s', (_, write, expected) => {
    const problems = problemsOf(write());
    for (const text of expected)
      expect(
        problems.some((p) => p.includes(text)),
        `${text}\n in ${problems.join('\n')}`,
      ).toBe(true);
  });

  it.each<[string, () => string, string]>([
    [
      'an impossible day (30 February)',
      () => writePack((p) => ((p.campaign.terms as Record<string, unknown>).effectiveDate = '2026-02-30')),
      'campaign.yaml: field "terms.effectiveDate": is not a day of the calendar',
    ],
    [
      'month 13',
      () => writePack((p) => (p.campaign.challengeStart = '2025-13-01')),
      'campaign.yaml: field "challengeStart": is not a day of the calendar',
    ],
    [
      'a collection that ends before it starts',
      () => writePack((p) => ((p.campaign.terms as Record<string, unknown>).collectionEnd = '2025-11-15')),
      'campaign.yaml: field "terms.collectionEnd": must not be before terms.collectionStart (2025-11-16)',
    ],
    [
      'an empty collection place',
      () => writePack((p) => ((p.campaign.terms as Record<string, unknown>).collectionPlace = '  ')),
      'campaign.yaml: field "terms.collectionPlace": must not be empty',
    ],
    [
      'a claim deadline before the challenge starts',
      () => writePack((p) => ((p.campaign.terms as Record<string, unknown>).claimDeadline = '2025-08-20')),
      'campaign.yaml: field "terms.claimDeadline": must not be before challengeStart (2025-09-01)',
    ],
    [
      'a checkpoint that closes before it opens',
      () => writePack((p) => Object.assign(p.checkpoints[1]!, { day: 3, until: 2 })),
      'checkpoints.yaml: entry 2 (quiz): field "until": must not be before day',
    ],
    [
      'a reward that closes before it opens',
      () => writePack((p) => Object.assign(p.rewards[0]!, { opensOnDay: 3, closesAfterDay: 2 })),
      'rewards.yaml: entry 1 (Draught Beer): field "closesAfterDay": must not be before opensOnDay',
    ],
    [
      'a PNG named .svg',
      () => withImage(writePack(), 'quiz.svg', PNG),
      'checkpoints.yaml: entry 2 (quiz): field "image": images/quiz.svg is a PNG image, not SVG as its name says',
    ],
    [
      'a text file named .png',
      () =>
        withImage(
          writePack((p) => (p.checkpoints[1]!.image = 'images/quiz.png')),
          'quiz.png',
          'not an image at all',
        ),
      'checkpoints.yaml: entry 2 (quiz): field "image": images/quiz.png is not a PNG image',
    ],
    [
      'a GIF named .webp',
      () =>
        withImage(
          writePack((p) => (p.checkpoints[1]!.image = 'images/quiz.webp')),
          'quiz.webp',
          'GIF89a\x01\x00',
        ),
      'checkpoints.yaml: entry 2 (quiz): field "image": images/quiz.webp is a GIF image; a pack\'s images are SVG, PNG, JPEG or WebP',
    ],
    [
      'an image named in another letter case than its file',
      () => writePack((p) => (p.checkpoints[1]!.image = 'images/Quiz.svg')),
      'checkpoints.yaml: entry 2 (quiz): field "image": images/Quiz.svg does not exist; the file is images/quiz.svg',
    ],
    [
      'a booking link that is not a web address',
      () => writePack((p) => (p.campaign.bookingUrl = 'javascript:alert(document.cookie)')),
      'campaign.yaml: field "bookingUrl": must be an http:// or https:// address',
    ],
    [
      'an image in a sub-folder',
      () => writePack((p) => (p.checkpoints[1]!.image = 'images/day/quiz.svg')),
      'checkpoints.yaml: entry 2 (quiz): field "image": must be images/ followed by a file name',
    ],
  ])('refuses %s', (_, write, expected) => {
    const problems = problemsOf(write());
    expect(problems, problems.join('\n')).toEqual([expect.stringContaining(expected)]);
  });

  it('takes an image named exactly as its file, whatever the case of its extension, holding what the extension says', () => {
    const dir = writePack((p) => {
      p.checkpoints[0]!.image = 'images/Deck Photo.JPG'.replace(' ', '-');
      p.checkpoints[1]!.image = 'images/quiz.webp';
    });
    withImage(dir, 'Deck-Photo.JPG', JPEG);
    withImage(dir, 'quiz.webp', WEBP);
    expect(readPack(dir).checkpoints.map((c) => c.image)).toEqual(['images/Deck-Photo.JPG', 'images/quiz.webp']);
  });

  it('reports a mistake in each of three files in one run, one line each', () => {
    const dir = writePack((p) => {
      (p.campaign.terms as Record<string, unknown>).collectionStart = '2025-02-30';
      p.rewards[0]!.price = 0;
    });
    withImage(dir, 'quiz.svg', PNG);
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^campaign\.yaml: field "terms\.collectionStart": is not a day/),
      expect.stringMatching(/^checkpoints\.yaml: entry 2 \(quiz\): field "image": images\/quiz\.svg is a PNG image/),
      expect.stringMatching(/^rewards\.yaml: entry 1 \(Draught Beer\): field "price": /),
    ]);
  });

  it('a mistake in campaign.yaml does not hide a terms placeholder that does not exist', () => {
    const dir = writePack((p) => {
      p.campaign.challengeDays = 0;
      p.terms = 'Collect by {{terms.collectionEnds}}.';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^campaign\.yaml: field "challengeDays": /),
      'terms.md: placeholder "{{terms.collectionEnds}}": no such field in campaign.yaml',
    ]);
  });

  it('a mistake in an entry does not hide the problem with its image or its day', () => {
    const dir = writePack((p) => Object.assign(p.checkpoints[1]!, { title: '', image: 'images/none.svg', day: 9 }));
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^checkpoints\.yaml: entry 2 \(quiz\): field "title": /),
      'checkpoints.yaml: entry 2 (quiz): field "image": images/none.svg does not exist',
      'checkpoints.yaml: entry 2 (quiz): field "day": must be at most challengeDays (3)',
    ]);
  });

  it('reports every problem at once', () => {
    const dir = writePack((p) => {
      delete p.checkpoints[0]!.qrTexts;
      p.rewards[0]!.stock = -1;
    });
    expect(problemsOf(dir)).toHaveLength(2);
  });
});

// The event's own look and words (decision 033): campaign.yaml look, prize, signup, texts, mail, bookingLabel.
describe("a pack's look and words", () => {
  const signup = {
    question: 'Do you have a 5-day pass?',
    yes: { answer: 'Yes', rewardsLabel: 'pass holders only', refusal: 'This reward is for pass holders only.' },
    no: { answer: 'No', rewardsLabel: 'for day visitors', refusal: 'This reward is for day visitors.' },
  };

  it('a pack that sets none of them loads with words that name no kind of event, and no booking button', () => {
    const dir = writePack((p) => delete p.campaign.bookingUrl);
    const { campaign } = readPack(dir);
    expect(campaign.bookingUrl).toBeUndefined();
    expect(campaign.prize).toBeUndefined();
    expect(campaign.signup).toBeUndefined();
    const words = JSON.stringify({ ...campaign.texts, ...campaign.mail, bookingLabel: campaign.bookingLabel });
    expect(words).not.toMatch(/cabin|ship|crew|cruise|deck|on board|sail|aboard|sea\b/i);
  });

  it('takes every field with its images, colours and the sign-up answers', () => {
    const dir = writePack((p) => {
      Object.assign(p.campaign, {
        bookingLabel: 'Get Tickets',
        look: {
          logo: 'images/logo.svg',
          colours: { primary: '#a4370f' },
          background: 'images/bg.jpg',
          backgroundVideos: ['images/bg.webm'],
        },
        prize: { title: 'Win a pass', text: 'Five days of food', image: 'images/logo.svg' },
        signup,
        texts: { congrats: 'Tasty!', signupPhotos: [{ image: 'images/logo.svg', alt: 'A logo' }] },
        mail: { senderName: 'Food Fest' },
      });
      p.rewards.push({ item: 'Chef Dinner', price: 9, stock: 1, eligibility: 'owners' });
    });
    withImage(dir, 'logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    withImage(dir, 'bg.jpg', JPEG);
    withImage(dir, 'bg.webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]));
    const { campaign } = readPack(dir);
    expect(campaign).toMatchObject({
      bookingLabel: 'Get Tickets',
      look: { colours: { primary: '#a4370f' }, backgroundVideos: ['images/bg.webm'] },
      signup: { yes: { rewardsLabel: 'pass holders only' } },
      texts: { congrats: 'Tasty!', loginTitle: 'Welcome back' },
      mail: { senderName: 'Food Fest', signInSubject: 'Your QuackQuest sign-in link' },
    });
    // A winner is asked for a name and a phone number unless the pack says otherwise; no passport at a food fair.
    expect(campaign.mail.winnerAsks).toEqual(['your full name', 'a phone number we can reach you on']);
    expect(readPack(path.join(campaignsDir, 'singapore-2025')).campaign.mail.winnerAsks).toContain('your passport number');
  });

  it('reports every mistake in them in one run, naming the field', () => {
    const dir = writePack((p) => {
      Object.assign(p.campaign, {
        look: { logo: 'images/missing.svg', colours: { primary: 'red', purple: '#800080' }, backgroundVideos: ['images/bg.mp4'] },
        prize: { title: '', text: 'Five days' },
        signup: { question: 'Pass?', yes: signup.yes },
        texts: { congrats: 'x'.repeat(161), rewardsBanner: { image: 'images/banner.gif', alt: 'Prizes' } },
        mail: { senderName: 'Food "Fest" <x>' },
      });
    });
    withImage(dir, 'bg.mp4', PNG);
    const problems = problemsOf(dir);
    for (const expected of [
      'campaign.yaml: field "look.colours.primary": must be a colour like #0b4f8a',
      'campaign.yaml: field "look.colours.purple"',
      'campaign.yaml: field "prize.title": must not be empty',
      'campaign.yaml: field "signup.no"',
      'campaign.yaml: field "texts.congrats": must be at most 160 characters',
      'campaign.yaml: field "texts.rewardsBanner.image": must be images/ followed by a file name ending in .svg',
      'campaign.yaml: field "mail.senderName": must not contain quotes, < or >',
      'campaign.yaml: field "look.logo": images/missing.svg does not exist',
      'campaign.yaml: field "look.backgroundVideos.0": images/bg.mp4 is a PNG file, not a MP4 video as its name says',
    ]) {
      expect(problems.some((p) => p.startsWith(expected))).toBe(true);
    }
    expect(problems).toHaveLength(9);
  });

  it('refuses a reward for owners or non-owners when the pack asks no sign-up question', () => {
    const dir = writePack((p) => p.rewards.push({ item: 'Chef Dinner', price: 9, stock: 1, eligibility: 'non-owners' }));
    expect(problemsOf(dir)).toEqual([
      'rewards.yaml: entry 2 (Chef Dinner): field "eligibility": "non-owners" needs the sign-up question (signup: in campaign.yaml)',
    ]);
  });
});

describe('the food-festival-2026 pack', () => {
  const pack = readPack(path.join(campaignsDir, 'food-festival-2026'));

  it('is a five-day festival with checkpoints of every type, rewards for both answers, and filled terms', () => {
    expect(pack.campaign.challengeDays).toBe(5);
    expect(new Set(pack.checkpoints.map((c) => c.type))).toEqual(new Set(CHECKPOINT_TYPES));
    expect(new Set(pack.rewards.map((r) => r.eligibility))).toEqual(new Set(['everyone', 'owners', 'non-owners']));
    expect(pack.termsText).not.toContain('{{');
  });

  it('says nothing of a cruise in any word a visitor reads', () => {
    const { campaign } = pack;
    const shown = JSON.stringify([
      campaign.name,
      campaign.tagline,
      campaign.description,
      campaign.bookingLabel,
      campaign.look,
      campaign.prize,
      campaign.signup,
      campaign.texts,
      campaign.mail,
      pack.checkpoints.map((c) => [c.title, c.subtitle, c.choices]),
      pack.rewards.map((r) => [r.item, r.description]),
      pack.termsText,
    ]);
    expect(shown).not.toMatch(/cabin|ship|crew|cruise|deck|on board|sail|aboard/i);
  });
});

describe('the singapore-2025 pack keeps the original words', () => {
  it('has the cabin question, the free cabin banner and the booking button', () => {
    const { campaign } = readPack(path.join(campaignsDir, 'singapore-2025'));
    expect(campaign.signup?.question).toBe('Do you already have a cabin?');
    expect(campaign.prize).toMatchObject({ title: 'Win a free cabin', text: '3 days, 2 nights on our epic shipcation' });
    expect(campaign.bookingLabel).toBe('Book Your Cabin');
    expect(campaign.mail.signUpSubject).toBe('Finish signing up to QuackQuest');
  });
});

describe('translations.yaml (decision 037)', () => {
  it('gives the Singapore pack every checkpoint title and question, and every reward description, in zh-Hans, ms and ta', () => {
    const pack = readPack(path.join(campaignsDir, 'singapore-2025'));
    for (const language of ['zh-Hans', 'ms', 'ta'] as const) {
      const block = pack.translations[language]!;
      expect(block.tagline).toMatch(/\S/);
      for (const checkpoint of pack.checkpoints) {
        expect(block.checkpoints[checkpoint.id]?.title, `${language} ${checkpoint.id}`).toMatch(/\S/);
        expect(block.checkpoints[checkpoint.id]?.subtitle, `${language} ${checkpoint.id}`).toMatch(/\S/);
      }
      for (const reward of pack.rewards)
        expect(block.rewards[reward.item]?.description, `${language} ${reward.item}`).toMatch(/\S/);
    }
  });

  it('is optional, and may translate only some fields', () => {
    expect(readPack(writePack()).translations).toEqual({});
    const pack = readPack(
      writePack(() => {}, {
        'translations.yaml': stringify({ ta: { checkpoints: { quiz: { title: 'உயிர்காப்புப் படகுப் பயிற்சி' } } } }),
      }),
    );
    expect(pack.translations.ta?.checkpoints.quiz).toEqual({ title: 'உயிர்காப்புப் படகுப் பயிற்சி' });
    expect(pack.translations['zh-Hans']).toBeUndefined();
  });

  it('refuses a language we do not have and an empty text', () => {
    const dir = writePack(() => {}, {
      'translations.yaml': stringify({
        fr: { tagline: 'Un canard par jour' },
        ms: { checkpoints: { quiz: { title: ' ' } } },
      }),
    });
    expect(problemsOf(dir)).toEqual([
      'translations.yaml: field "ms.checkpoints.quiz.title": must not be empty',
      'translations.yaml: field "fr": unknown field (check its spelling)',
    ]);
  });

  it('gives the Singapore pack its screen words in every language (prize banner, booking button, sign-up question, rewards caption)', () => {
    const pack = readPack(path.join(campaignsDir, 'singapore-2025'));
    expect(pack.translations['zh-Hans']).toMatchObject({
      bookingLabel: '预订船舱',
      prize: { title: '赢取免费船舱' },
      signup: { question: '你已经有船舱了吗？', yes: { rewardsLabel: '仅限船舱持有人' } },
      texts: { rewardsCaption: '船舱、升级、折扣、抵用金、无线网络、香槟、啤酒，统统等你来拿！' },
    });
    for (const language of ['zh-Hans', 'ms', 'ta'] as const) {
      const block = pack.translations[language]!;
      for (const text of [block.bookingLabel, block.prize?.title, block.prize?.text, block.signup?.question])
        expect(text, language).toMatch(/\S/);
      for (const answer of [block.signup?.yes, block.signup?.no])
        for (const text of [answer?.answer, answer?.rewardsLabel, answer?.refusal]) expect(text, language).toMatch(/\S/);
      expect(block.texts?.rewardsCaption, language).toMatch(/\S/);
      expect(block.termsText, language).toMatch(/\S/);
      expect(block.termsText, language).not.toContain('{{');
    }
  });

  it('fills terms.<language>.md like terms.md, with the dates in that language and its terms words over the English', () => {
    const pack = readPack(
      writePack(() => {}, {
        'translations.yaml': stringify({ 'zh-Hans': { terms: { collectionPlace: '5 层甲板' } } }),
        'terms.zh-Hans.md': '主办方：{{operator.name}}\n领取截止：{{terms.claimDeadline}}，地点：{{terms.collectionPlace}}。\n',
      }),
    );
    expect(pack.translations['zh-Hans']?.termsText).toBe(
      '主办方：Test Voyages Ltd.\n领取截止：2025年10月15日，地点：5 层甲板。\n',
    );
    expect(pack.termsText).toBe('Organiser: Test Voyages Ltd.\nClaim by 15 October 2025.\n');
  });

  it('refuses an image, an unknown word field and terms in a language we do not have', () => {
    const dir = writePack(
      (pack) => {
        pack.campaign.prize = { title: 'Win a free cabin', text: '3 days, 2 nights' };
      },
      {
        'translations.yaml': stringify({
          ta: { prize: { title: 'இலவச கேபினை வெல்லுங்கள்', image: 'images/quiz.svg' }, texts: { rewardCaption: 'பரிசுகள்' } },
        }),
        'terms.fr.md': 'Organisateur : {{operator.name}}\n', // doc-refs: ignore (a language we do not have)
        'terms.ms.md': 'Penganjur: {{operator.nama}}\n',
      },
    );
    expect(problemsOf(dir)).toEqual([
      'translations.yaml: field "ta.prize.image": unknown field (check its spelling)',
      'translations.yaml: field "ta.texts.rewardCaption": unknown field (check its spelling)',
      'terms.fr.md: "fr" is not a language of ours (zh-Hans, ms or ta)', // doc-refs: ignore
      'terms.ms.md: placeholder "{{operator.nama}}": no such field in campaign.yaml',
    ]);
  });

  it('refuses words for a prize or a sign-up question campaign.yaml does not have', () => {
    const dir = writePack(() => {}, {
      'translations.yaml': stringify({ ms: { prize: { title: 'Menangi kabin percuma' }, signup: { question: 'Ada kabin?' } } }),
    });
    expect(problemsOf(dir)).toEqual([
      'translations.yaml: ms: field "prize": campaign.yaml has no prize to translate',
      'translations.yaml: ms: field "signup": campaign.yaml has no signup to translate',
    ]);
  });

  it('names an unknown checkpoint or reward when the languages are right', () => {
    const dir = writePack(() => {}, {
      'translations.yaml': stringify({
        'zh-Hans': { checkpoints: { lifeboat: { title: '救生艇演习' } }, rewards: { 'Free Beer': { description: '免费啤酒' } } },
      }),
    });
    expect(problemsOf(dir)).toEqual([
      'translations.yaml: zh-Hans: checkpoint "lifeboat": no such id in checkpoints.yaml',
      'translations.yaml: zh-Hans: reward "Free Beer": no such item in rewards.yaml',
    ]);
  });
});
