// An erasure leaves nothing behind (issue 29 part 3, PDPA): a visitor signs up by an e-mailed link, answers in words
// and with a photo, turns reminders on, is reviewed, claims and redeems a voucher, is looked up by the helpdesk and notified as a winner;
// then an admin erases them. Every text column of every table, every line the server logged and the photo store are
// searched for their e-mail, name, phone, Instagram handle and voucher code: none is found.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ERASE_CONFIRMATION } from '@quackquest/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestOperator, createOperator } from '../../test/console';
import { type App, buildTestApp, call, signupBody, uniqueIp } from '../../test/auth';
import { addCheckpoint, addReward, getTestContext, unique } from '../../test/helpers';
import { type TestSmtp, startSmtp } from '../../test/smtp';
import { queryRows } from '../db/client';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWP4f4bhPwAHZALL9TQrVQAAAABJRU5ErkJggg==',
  'base64',
);
const LINK_IN_TEXT = /(https?:\/\/\S+\?token=[\w-]+)/;

let smtp: TestSmtp | undefined;
let app: App | undefined;
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

describe('an erased visitor', () => {
  it('is found nowhere: not in any table, not in the log, not in the photo store', async () => {
    smtp = await startSmtp();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildTestApp(
      { SMTP_URL: smtp.url, PUSH_SERVICES: 'https://*.push.example' },
      { logger: { level: 'info', stream } },
    );
    const tag = unique('erase').replace(/\W/g, '');
    const person = {
      email: `${tag}@example.com`,
      name: `Ernestine ${tag}`,
      phone: `+65 9${String(Date.now()).slice(-7)}`,
      instagram: `@ig_${tag}`,
    };
    const ip = uniqueIp();

    // Signs up by the e-mailed link.
    expect(
      (await call(app, 'POST', '/api/auth/email-link', { body: { email: person.email, returnTo: '/signup' }, ip })).status,
    ).toBe(202);
    const mail = await smtp.waitFor(person.email);
    const token = new URL(LINK_IN_TEXT.exec(mail.parsed.text ?? '')![1]!).searchParams.get('token');
    const verified = await call(app, 'POST', '/api/auth/email-link/verify', { body: { token }, ip });
    const body = signupBody(person.email, verified.body.idToken as string, {
      userName: person.name,
      PhoneNumber: person.phone,
      InstagramHandle: person.instagram,
    });
    const signedUp = await call(app, 'POST', '/api/auth', { body, ip });
    expect(signedUp.status).toBe(201);
    const session = String(signedUp.headers['set-cookie']).match(/qq_session=[^;]+/)![0];
    const visitor = (path: string, payload?: unknown, headers: Record<string, string> = {}) =>
      app!.inject({
        method: payload === undefined ? 'GET' : 'POST',
        url: path,
        headers: { cookie: session, ...headers },
        payload: payload as object,
      });

    // Answers in words that name them, and with a photo.
    const words = await addCheckpoint({ type: 'Str', title: 'Introduce yourself' });
    // A text answer is at most 10 characters: one of the visitor's own words, erased with them.
    const words10 = `w${tag.slice(-9)}`;
    expect((await visitor(`/api/checkpoints/${words.slug}/attempts`, { answer: words10 })).statusCode).toBe(200);
    const photo = await addCheckpoint({ type: 'Upload', title: 'Selfie' });
    const query = new URLSearchParams({
      filetype: 'image/png',
      filename: 'me.png',
      checkpointId: photo.slug,
      filesize: String(PNG.length),
    });
    const { uploadUrl, key } = (await visitor(`/api/uploads/url?${query.toString()}`)).json<{ uploadUrl: string; key: string }>();
    const put = await app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { cookie: session, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(put.statusCode).toBe(200);
    expect((await visitor(`/api/checkpoints/${photo.slug}/attempts`, { answer: key })).statusCode).toBe(200);

    // Turns reminders on: their phone's push subscription, whose address names the device.
    const subscription = {
      endpoint: `https://fcm.push.example/send/${tag}`,
      keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
    };
    expect(
      (await app.inject({ method: 'PUT', url: '/api/reminders/push', headers: { cookie: session }, payload: subscription }))
        .statusCode,
    ).toBe(200);

    // The crew: a reviewer approves the words, an admin finds them and gives ducks, staff redeem their voucher.
    const [reviewer, admin, staff] = [
      await createOperator('reviewer'),
      await createOperator('admin'),
      await createOperator('staff'),
    ];
    const asOperator = (operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: unknown) =>
      app!.inject({ method, url, headers: { cookie: operator.cookie }, payload: payload as object });
    const { database, dataDir } = await getTestContext();
    const [answer] = await queryRows<{ id: number }>(
      database.db,
      sql`select a.id from attempts a join users u on u.id = a.user_id where u.email = ${person.email} order by a.id limit 1`,
    );
    const decided = await asOperator(reviewer, 'POST', '/api/console/reviews/decisions', {
      decisions: [{ attemptId: Number(answer!.id), decision: 'approve' }],
    });
    expect(decided.statusCode).toBe(200);
    const found = await asOperator(admin, 'GET', `/api/console/participants?q=${encodeURIComponent(person.email)}`);
    const userId = found.json<{ items: { userId: number }[] }>().items[0]!.userId;
    expect(userId).toBeGreaterThan(0);
    expect((await asOperator(admin, 'GET', `/api/console/participants?q=${encodeURIComponent(person.name)}`)).statusCode).toBe(
      200,
    );
    expect(
      (await asOperator(admin, 'POST', `/api/console/participants/${userId}/ducks`, { amount: 5, reason: 'Prize desk' }))
        .statusCode,
    ).toBe(200);
    const reward = await addReward({ price: 3 });
    const claimed = await visitor('/api/claims', { item: reward.item }, { 'idempotency-key': `key-${tag}` });
    expect(claimed.statusCode).toBe(201);
    const voucher = claimed.json<{ voucherCode: string }>().voucherCode;
    expect((await asOperator(staff, 'GET', `/api/console/vouchers/${voucher}`)).statusCode).toBe(200);
    expect((await asOperator(staff, 'POST', `/api/console/vouchers/${voucher}/redeem`)).statusCode).toBe(200);
    // A winner's e-mail, sent.
    const notified = await asOperator(admin, 'POST', '/api/console/winners/notify', {
      userIds: [userId],
      earlyReason: 'The demo runs for days yet.',
    });
    expect(notified.statusCode).toBe(200);
    await smtp.waitFor(person.email, { after: smtp.received.length });

    // Erased.
    const erased = await asOperator(admin, 'POST', `/api/console/participants/${userId}/erase`, { confirm: ERASE_CONFIRMATION });
    expect(erased.statusCode).toBe(200);

    // Every text and JSON column of every table.
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      database.db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')`,
    );
    // What identifies the visitor: their contact details, their own words and their voucher's code. (A photo's key is
    // random and names nobody; the photo itself is looked for in the store below.)
    const values = { ...person, voucher, answer: words10, pushEndpoint: subscription.endpoint };
    const inTables: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      for (const [what, value] of Object.entries(values)) {
        const [hit] = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${value}%`}`,
        );
        if (hit!.n > 0) inTables.push(`${table}.${column}: ${what}`);
      }
    }
    expect(inTables).toEqual([]);

    // Every line the server logged.
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    // As written, or as a URL carries it (%40 for @, %20 or + for a space).
    const forms = (value: string) => [value, encodeURIComponent(value), encodeURIComponent(value).replace(/%20/g, '+')];
    const inLog = Object.entries(values).filter(([, value]) =>
      forms(value).some((form) => log.toLowerCase().includes(form.toLowerCase())),
    );
    expect(inLog.map(([what]) => what)).toEqual([]);

    // The photo store: the photo and any rendition of it are gone.
    const stored = readdirSync(path.join(dataDir, 'uploads')).filter((file) => file.startsWith(path.basename(key)));
    expect(stored).toEqual([]);
  });
});
