import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addCheckpoint, getTestContext } from '../../test/helpers';
import { DomainError } from '../domain/errors';
import { getQrSheet, wrapText } from './qr-sheet';
import { renderQrSheetPdf } from './qr-sheet-pdf';
import { renderQrSheetSvg } from './qr-sheet-svg';

async function db() {
  return (await getTestContext()).database.db;
}

const text = (name: string) => `QQ-SHEET-${name}-${randomBytes(4).toString('hex').toUpperCase()}`;

describe('qr:sheet', () => {
  it("holds every expected text of the active campaign's Scan and ScanNoSpin checkpoints, and no other", async () => {
    const [port, starboard, lounge, gone] = [text('PORT'), text('STARBOARD'), text('LOUNGE'), text('GONE')];
    const scan = await addCheckpoint({ type: 'Scan', title: 'Engine <Room> & Co', qrTexts: [port, starboard], sequence: 200 });
    await addCheckpoint({ type: 'ScanNoSpin', title: 'Lounge', qrTexts: [lounge], sequence: 201 });
    await addCheckpoint({ type: 'Scan', qrTexts: [gone], removed: true });
    const mcq = await addCheckpoint({ type: 'MCQ' });

    const sheet = await getQrSheet(await db());
    expect(sheet.campaignId).toBe((await getTestContext()).campaignId);
    const mine = sheet.entries.filter((e) => [port, starboard, lounge, gone].includes(e.text));
    expect(mine.map((e) => [e.text, e.checkpointId, e.type, e.textNumber, e.textCount])).toEqual([
      [port, scan.slug, 'Scan', 1, 2],
      [starboard, scan.slug, 'Scan', 2, 2],
      [lounge, expect.any(String), 'ScanNoSpin', 1, 1],
    ]);
    expect(sheet.entries.some((e) => e.checkpointId === mcq.slug)).toBe(false);
    // The demo campaign's posters are there too.
    expect(sheet.entries.map((e) => e.text)).toContain('QQSG25-GANGWAY-MWMXXG');

    const svg = renderQrSheetSvg(sheet);
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg [^>]*viewBox="0 0 210 297"/);
    for (const t of [port, starboard, lounge]) expect(svg).toContain(`>${t}</text>`);
    expect(svg).not.toContain(gone);
    expect(svg).toContain('Engine &lt;Room&gt; &amp; Co');
    expect(svg).toContain('code 2 of 2');
    expect(svg.match(/<path /g)).toHaveLength(sheet.entries.length);
  });

  it('renders a PDF with twelve codes a page', async () => {
    const sheet = await getQrSheet(await db());
    const pdf = await renderQrSheetPdf(sheet);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages).toHaveLength(Math.ceil(sheet.entries.length / 12));
  });

  it('refuses an unknown campaign id', async () => {
    await expect(getQrSheet(await db(), 'no-such-campaign')).rejects.toThrow(
      new DomainError('not_found', 'No campaign has the id no-such-campaign.'),
    );
  });
});

describe('wrapText', () => {
  it.each([
    ['Gangway Hello', 20, 2, ['Gangway Hello']],
    ['A title that is much too long to fit', 12, 2, ['A title that', 'is much too…']],
    ['Supercalifragilistic', 10, 2, ['Supercali…']],
  ])('%s', (input, maxChars, maxLines, expected) => {
    expect(wrapText(input, maxChars, maxLines)).toEqual(expected);
  });
});
