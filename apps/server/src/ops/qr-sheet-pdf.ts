// The QR sheet as an A4 PDF, twelve codes a page, drawn as vector rectangles so they print sharp.
import PDFDocument from 'pdfkit';
import { type QrSheet, type QrSheetEntry, entryLabel, qrRuns } from './qr-sheet';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const HEADER = 40;
const COLS = 3;
const ROWS = 4;

export function renderQrSheetPdf(sheet: QrSheet): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${sheet.campaignName}: checkpoint QR codes`, Author: 'QuackQuest' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const perPage = COLS * ROWS;
  const cellWidth = (A4.width - 2 * MARGIN) / COLS;
  const cellHeight = (A4.height - 2 * MARGIN - HEADER) / ROWS;
  const pages = Math.ceil(sheet.entries.length / perPage);
  sheet.entries.forEach((entry, i) => {
    if (i > 0 && i % perPage === 0) doc.addPage();
    if (i % perPage === 0) drawHeader(doc, sheet, i / perPage + 1, pages);
    const slot = i % perPage;
    const x = MARGIN + (slot % COLS) * cellWidth;
    const y = MARGIN + HEADER + Math.floor(slot / COLS) * cellHeight;
    drawCell(doc, entry, x, y, cellWidth, cellHeight);
  });
  doc.end();
  return done;
}

function drawHeader(doc: PDFKit.PDFDocument, sheet: QrSheet, page: number, pages: number): void {
  doc.fillColor('black').font('Helvetica-Bold').fontSize(16).text(sheet.campaignName, MARGIN, MARGIN, { lineBreak: false });
  doc
    .fillColor('#444444')
    .font('Helvetica')
    .fontSize(9)
    .text(
      `Checkpoint QR codes, page ${page} of ${pages}. Print at 100% and cut along the dashed lines. Campaign id: ${sheet.campaignId}`,
      MARGIN,
      MARGIN + 20,
      { lineBreak: false },
    );
}

function drawCell(doc: PDFKit.PDFDocument, entry: QrSheetEntry, x: number, y: number, width: number, height: number): void {
  const pad = 8;
  const textBlock = 48;
  const side = Math.min(width - 2 * pad, height - textBlock - pad);
  const inner = width - 2 * pad;
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#aaaaaa').rect(x, y, width, height).stroke().restore();

  const qr = qrRuns(entry.text);
  const module = side / qr.size;
  const left = x + (width - side) / 2;
  for (const run of qr.runs) doc.rect(left + run.x * module, y + pad + run.y * module, run.length * module, module);
  doc.fillColor('black').fill();

  let line = y + pad + side + 2;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(entry.title, x + pad, line, { width: inner, align: 'center', height: 24, ellipsis: true });
  line += 24;
  doc
    .fillColor('#444444')
    .font('Helvetica')
    .fontSize(8)
    .text(entryLabel(entry), x + pad, line, { width: inner, align: 'center' });
  line += 11;
  const textSize = Math.min(9, inner / (entry.text.length * 0.6));
  doc
    .fillColor('black')
    .font('Courier')
    .fontSize(textSize)
    .text(entry.text, x + pad, line, { width: inner, align: 'center', lineBreak: false });
}
