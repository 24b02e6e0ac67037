// The QR sheet as one A4-proportioned SVG (millimetres): the grid gets more columns until every code fits.
import { type QrSheet, type QrSheetEntry, entryLabel, qrRuns, wrapText } from './qr-sheet';

const PAGE = { width: 210, height: 297, margin: 10, header: 22 };
/** A cell is this much taller than wide: the code, then two lines of title, the label and the text. */
const CELL_RATIO = 1.32;

export function renderQrSheetSvg(sheet: QrSheet): string {
  const width = PAGE.width - 2 * PAGE.margin;
  const height = PAGE.height - 2 * PAGE.margin - PAGE.header;
  let cols = 3;
  while (Math.ceil(sheet.entries.length / cols) * (width / cols) * CELL_RATIO > height) cols++;
  const cell = width / cols;
  const cells = sheet.entries.map((entry, i) => {
    const x = PAGE.margin + (i % cols) * cell;
    const y = PAGE.margin + PAGE.header + Math.floor(i / cols) * cell * CELL_RATIO;
    return renderCell(entry, x, y, cell);
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}mm" height="${PAGE.height}mm" viewBox="0 0 ${PAGE.width} ${PAGE.height}" font-family="Helvetica, Arial, sans-serif">`,
    `<title>${escapeXml(`${sheet.campaignName}: checkpoint QR codes`)}</title>`,
    `<rect width="${PAGE.width}" height="${PAGE.height}" fill="#fff"/>`,
    `<text x="${PAGE.margin}" y="${PAGE.margin + 7}" font-size="7" font-weight="bold">${escapeXml(sheet.campaignName)}</text>`,
    `<text x="${PAGE.margin}" y="${PAGE.margin + 14}" font-size="3.5" fill="#444">Checkpoint QR codes (${sheet.entries.length}). Print at 100% and cut along the dashed lines. Campaign id: ${escapeXml(sheet.campaignId)}</text>`,
    ...cells,
    `</svg>`,
    '',
  ].join('\n');
}

function renderCell(entry: QrSheetEntry, x: number, y: number, cell: number): string {
  const pad = cell * 0.06;
  const side = cell - 2 * pad;
  const qr = qrRuns(entry.text);
  const d = qr.runs.map((r) => `M${r.x} ${r.y}h${r.length}v1h-${r.length}z`).join('');
  const cx = (cell / 2).toFixed(2);
  const titleSize = cell * 0.065;
  const title = wrapText(entry.title, Math.floor(side / (titleSize * 0.55)), 2);
  const textSize = Math.min(cell * 0.06, side / (entry.text.length * 0.6));
  let line = pad + side + titleSize * 1.2;
  const texts = title.map(
    (t, i) =>
      `<text x="${cx}" y="${(line + i * titleSize * 1.2).toFixed(2)}" font-size="${titleSize.toFixed(2)}" font-weight="bold" text-anchor="middle">${escapeXml(t)}</text>`,
  );
  line += title.length * titleSize * 1.2;
  texts.push(
    `<text x="${cx}" y="${line.toFixed(2)}" font-size="${(titleSize * 0.8).toFixed(2)}" fill="#444" text-anchor="middle">${escapeXml(entryLabel(entry))}</text>`,
    `<text x="${cx}" y="${(line + titleSize * 1.3).toFixed(2)}" font-size="${textSize.toFixed(2)}" font-family="Courier, monospace" text-anchor="middle">${escapeXml(entry.text)}</text>`,
  );
  return [
    `<g transform="translate(${x.toFixed(2)} ${y.toFixed(2)})">`,
    `<rect width="${cell.toFixed(2)}" height="${(cell * CELL_RATIO).toFixed(2)}" fill="none" stroke="#aaa" stroke-width="0.2" stroke-dasharray="2 1.5"/>`,
    `<path transform="translate(${pad.toFixed(2)} ${pad.toFixed(2)}) scale(${(side / qr.size).toFixed(4)})" shape-rendering="crispEdges" d="${d}"/>`,
    ...texts,
    `</g>`,
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}
