// The admin screens (docs/product.md §15): an admin adds a reviewer in Operators and finds it in the Audit
// trail, downloads the leaderboard CSV and finds the top visitor's row, reads how the top visitor's ducks came, e-mails
// them as winner, and downloads the record of that notice.
import { readFile } from 'node:fs/promises';
import { signInToConsole } from '../support/console';
import { createVisitor, expect, ops, readMail, test, uniqueEmail } from '../support/fixtures';

/**
 * Far above every other journey's visitor (the leaderboard's reach 9,030): the top of the shared leaderboard. One
 * adjustment moves at most PARTICIPANT_ADJUST_MAX (10,000), from the console and the command line alike.
 */
const TOP_DUCKS = 10_000;

test('an admin manages operators, reads the audit trail, exports the leaderboard and notifies the winner', async ({
  page,
}, testInfo) => {
  const admin = uniqueEmail('admin');
  await ops('operator:add', admin, '--role', 'admin');
  const winner = await createVisitor({ name: 'Winnie Top' });
  await ops('ducks:adjust', winner.email, String(TOP_DUCKS), '--reason', 'e2e console admin');
  const shot = async (name: string) => {
    await page.screenshot({ path: testInfo.outputPath(`${name}-412.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true });
    await page.setViewportSize({ width: 412, height: 839 });
  };

  await signInToConsole(page, admin);
  const nav = page.getByRole('navigation', { name: 'Console' });
  // (The admin's navigation in full is console.spec.ts's.)

  // Operators: add a reviewer; removing yourself is refused with the server's sentence.
  await nav.getByRole('link', { name: 'Operators' }).click();
  await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
  const reviewer = uniqueEmail('reviewer');
  await page.getByLabel('Email').fill(reviewer);
  await page.getByLabel('Role', { exact: true }).selectOption('reviewer');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(`${reviewer} is now Reviewer.`);
  await expect(page.getByRole('listitem').filter({ hasText: reviewer })).toBeVisible();
  await page.getByRole('button', { name: `Remove ${admin}` }).click();
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByRole('alert')).toContainText('yourself');
  await shot('operators');

  // Audit trail: the newest entry is this admin adding the reviewer (after the refused removal, which wrote none).
  await nav.getByRole('link', { name: 'Audit trail' }).click();
  await page.getByLabel('Who (e-mail or cli)').fill(admin);
  await page.getByRole('button', { name: 'Show' }).click();
  const trail = page.getByRole('list', { name: 'Audit trail' });
  await expect(trail.getByRole('listitem').first()).toContainText('operator.add');
  await expect(trail.getByRole('listitem').first()).toContainText(reviewer);
  await shot('audit');
  // The whole trail as CSV, by the page's own form (a POST: no link or image elsewhere can run it).
  const [trailFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(trailFile.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await readFile(await trailFile.path(), 'utf8')).split('\r\n')[0]).toBe('id,at,actor,action,subject,before,after');

  // Exports: the leaderboard CSV has the winner at rank 1.
  await nav.getByRole('link', { name: 'Exports' }).click();
  await expect(page.getByRole('heading', { name: 'Exports and winners' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download leaderboard CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^leaderboard-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('rank,ducks_rank,name,email,phone,instagram,cabin_owner,ducks,pending_ducks,reached_at');
  expect(lines[1]).toMatch(
    new RegExp(
      `^1,1,Winnie Top,${winner.email.replace(/[.]/g, '\\.')},\\+65 9123 4567,marina,no,${TOP_DUCKS},0,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+\\+08:00$`,
    ),
  );

  // Notify the top 1: preview, confirm, and the e-mail arrives.
  await page.getByLabel('Number of winners').fill('1');
  await page.getByRole('button', { name: 'Show who will be e-mailed' }).click();
  const preview = page.getByRole('list', { name: 'Notify winners' });
  await expect(preview.getByRole('listitem')).toHaveCount(1);
  await expect(preview.getByRole('listitem')).toContainText('Winnie Top');
  // Her ducks came from the helpdesk: the committee sees it. The demo runs for days yet: a reason is asked.
  await expect(preview.getByRole('listitem')).toContainText(`Ducks adjusted by hand: +${TOP_DUCKS} (once)`);
  // How her ducks came, and who gave them and why (decision 074).
  await preview.getByText('How the ducks came').click();
  const vetting = preview.locator('details');
  await expect(vetting.getByRole('definition')).toHaveText([`+${TOP_DUCKS}`, String(TOP_DUCKS)]);
  await expect(vetting.getByRole('listitem')).toContainText([`+${TOP_DUCKS} ducks by cli: e2e console admin`]);
  await shot('exports-vetting');
  await preview.getByText('How the ducks came').click();
  await expect(vetting.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText(/^The campaign runs until .*: the standings can still change\./)).toBeVisible();
  await page.getByRole('button', { name: 'E-mail 1 winner' }).click();
  await shot('exports-confirm');
  await page.getByRole('button', { name: 'Yes, send the e-mails' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Type why the winners are notified before the end: it goes into the audit trail.',
  );
  await page.getByLabel('Why notify before the end').fill('Prize draw on stage on day 4');
  await page.getByRole('button', { name: 'Yes, send the e-mails' }).click();
  await expect(page.getByRole('status')).toHaveText('1 e-mail on its way.');
  // Queued, or already sent by the mail queue's worker (decision 025).
  await expect(preview.getByRole('listitem')).toContainText(/Already notified|E-mail on its way/);
  await expect(page.getByText('Everyone listed was already notified.')).toBeVisible();
  const [mail] = await readMail(winner.email, 2);
  const notice = (await readMail(winner.email, 2)).find((m) => m.subject.includes('winner'));
  expect(notice?.subject).toMatch(
    /^You are a QuackQuest Demo winner: please reply by \w+ \d+ \w+ \d{4}, 23:59 \(Asia\/Singapore time\)$/,
  );
  expect(notice?.text).toContain('Hello Winnie Top,');
  expect(mail).toBeDefined();
  await shot('exports-done');

  // The record of the notice, for the committee: who was told, when, by whom, and why before the end.
  const [noticesFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download winner notices CSV' }).click(),
  ]);
  expect(noticesFile.suggestedFilename()).toMatch(/^winners-\d{4}-\d{2}-\d{2}\.csv$/);
  const notices = (await readFile(await noticesFile.path(), 'utf8')).split('\r\n');
  expect(notices[0]).toBe('notified_at,notified_by,rank,ducks,name,email,reply_by,sent_at,mail,resend,before_the_end');
  expect(notices.find((line) => line.includes(winner.email))).toMatch(
    new RegExp(`,${admin.replace(/[.]/g, '\\.')},1,${TOP_DUCKS},Winnie Top,.*,no,Prize draw on stage on day 4$`),
  );
});
