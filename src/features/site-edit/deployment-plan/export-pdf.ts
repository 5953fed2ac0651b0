// The deployment plan as a PDF (spec 3 §3, §9): proposed device locations (20 on the first page, then 44 per column
// over 3 columns), source counts by category, wind source, wind rose, notes and a map. The shared map's WebGL canvas
// is not kept after drawing (no preserveDrawingBuffer), so the map is drawn here as vectors: lines, sources, devices.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { downloadBlob } from '@/ui/download';
import type { DevicePlacementResult, PlanSource } from '@/contracts/deployment-plan';
import { deploymentPlanFileName, scoreOf } from '@/domain/deployment-plan';
import type { LngLat } from '../site-edit-context';
import { devicePages, DEVICES_PER_COLUMN } from './pdf-layout';
import { roseGeometry } from '@/ui/chart/wind-rose/wind-rose-geometry';

export interface PlanPdfInput {
  organizationName: string;
  siteName: string;
  siteLocation: LngLat;
  result: DevicePlacementResult;
  lines: LngLat[][];
  sources: readonly PlanSource[];
  windSource: string;
  notes: string;
  modelRunAtText: string;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 48;
const ROW = 13;
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.4, 0.45, 0.5);
const PROPOSED = rgb(0.145, 0.388, 0.922);
const MANDATORY = rgb(0.576, 0.2, 0.918);
const LINE = rgb(0.055, 0.455, 0.565);
const SOURCE = rgb(0.85, 0.33, 0.1);

// The standard fonts speak WinAnsi only.
const safe = (text: string) => text.replace(/[\u2212\u2013\u2014]/g, '-').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

const deviceLine = (result: DevicePlacementResult, i: number) => {
  const p = result.devicePlacements[i]!;
  return `D${i + 1}  ${p[1].toFixed(6)}, ${p[0].toFixed(6)}${result.mandatory[i] ? '  (mandatory)' : ''}`;
};

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of safe(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/** A plan view of the site: everything projected to metres around the site and fitted into the box. */
function drawMap(page: PDFPage, font: PDFFont, input: PlanPdfInput, box: { x: number; y: number; size: number }) {
  const [lng0, lat0] = input.siteLocation;
  const local = (p: LngLat): [number, number] => [
    (p[0] - lng0) * 111_320 * Math.cos((lat0 * Math.PI) / 180),
    (p[1] - lat0) * 110_540,
  ];
  const all = [...input.lines.flat(), ...input.sources.map((s) => s.location), ...input.result.devicePlacements].map(
    (p) => local([p[0], p[1]]),
  );
  if (all.length === 0) all.push([0, 0]);
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 20);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const scale = (box.size - 24) / span;
  const at = (p: LngLat) => {
    const [x, y] = local(p);
    return { x: box.x + box.size / 2 + (x - cx) * scale, y: box.y + box.size / 2 + (y - cy) * scale };
  };
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.size,
    height: box.size,
    borderColor: MUTED,
    borderWidth: 0.75,
    color: rgb(0.97, 0.97, 0.95),
  });
  for (const line of input.lines)
    for (let i = 1; i < line.length; i++)
      page.drawLine({ start: at(line[i - 1]!), end: at(line[i]!), thickness: 2, color: LINE });
  for (const s of input.sources) {
    const p = at(s.location);
    page.drawRectangle({ x: p.x - 3, y: p.y - 3, width: 6, height: 6, color: SOURCE });
  }
  input.result.devicePlacements.forEach((d, i) => {
    const p = at([d[0], d[1]]);
    page.drawCircle({
      x: p.x,
      y: p.y,
      size: 4,
      color: input.result.mandatory[i] ? MANDATORY : PROPOSED,
      borderColor: rgb(1, 1, 1),
      borderWidth: 0.75,
    });
    page.drawText(`D${i + 1}`, { x: p.x + 5, y: p.y + 3, size: 6, font, color: INK });
  });
  // Scale bar: a round number of metres near a quarter of the box.
  const target = span / 4;
  const meters = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000].find((m) => m >= target) ?? Math.round(target);
  page.drawLine({
    start: { x: box.x + 8, y: box.y + 8 },
    end: { x: box.x + 8 + meters * scale, y: box.y + 8 },
    thickness: 1.5,
    color: INK,
  });
  page.drawText(`${meters} m`, { x: box.x + 8, y: box.y + 11, size: 7, font, color: INK });
  page.drawText('N ^', { x: box.x + box.size - 20, y: box.y + box.size - 14, size: 8, font, color: INK });
  const legend: [string, ReturnType<typeof rgb>][] = [
    ['Placement line', LINE],
    ['Source', SOURCE],
    ['Proposed device', PROPOSED],
    ['Mandatory device', MANDATORY],
  ];
  legend.forEach(([text, color], i) => {
    const y = box.y - 12 - i * 10;
    page.drawRectangle({ x: box.x, y, width: 7, height: 7, color });
    page.drawText(text, { x: box.x + 11, y: y + 1, size: 7, font, color: INK });
  });
}

function drawRose(
  page: PDFPage,
  font: PDFFont,
  rose: DevicePlacementResult['windRoseProbability'],
  box: { x: number; top: number; size: number },
) {
  const g = roseGeometry(rose, box.size);
  const pt = (x: number, y: number) => ({ x: box.x + x, y: box.top - y });
  for (const ring of g.rings)
    page.drawCircle({
      ...pt(g.size / 2, g.size / 2),
      size: ring.r,
      borderColor: MUTED,
      borderWidth: 0.4,
      borderOpacity: 0.6,
    });
  for (const l of g.gridLines)
    page.drawLine({ start: pt(l.x1, l.y1), end: pt(l.x2, l.y2), thickness: 0.4, color: MUTED, opacity: 0.6 });
  for (const p of g.petals)
    page.drawSvgPath(p.d, { x: box.x, y: box.top, color: LINE, opacity: 0.7, borderColor: LINE, borderWidth: 0.5 });
  for (const ring of g.rings)
    page.drawText(ring.label, { ...pt(ring.labelX, ring.labelY), size: 6, font, color: MUTED });
  for (const c of g.compass) page.drawText(c.text, { ...pt(c.x - 3, c.y + 3), size: 9, font, color: INK });
}

export async function buildDeploymentPlanPdf(input: PlanPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(safe(`Deployment Plan for ${input.organizationName}-${input.siteName}`));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { result } = input;
  const pages = devicePages(result.devicePlacements.length);

  const first = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const text = (page: PDFPage, s: string, x: number, yy: number, size = 10, f = font, color = INK) =>
    page.drawText(safe(s), { x, y: yy, size, font: f, color });
  text(first, `Deployment Plan for ${input.siteName}`, MARGIN, y, 16, bold);
  y -= 18;
  text(first, input.organizationName, MARGIN, y, 10, font, MUTED);
  y -= 20;
  const facts: [string, string][] = [
    ['Model run', input.modelRunAtText],
    ['Wind source', input.windSource || 'None'],
    ['Devices', String(result.devicePlacements.length)],
    [
      'Score',
      `${scoreOf(result.totalCoverage).toFixed(1)} of 5 (${(result.totalCoverage * 100).toFixed(1)}% weighted coverage)`,
    ],
  ];
  for (const [k, v] of facts) {
    text(first, `${k}:`, MARGIN, y, 9, bold);
    text(first, v, MARGIN + 70, y, 9);
    y -= ROW;
  }

  // Left: the first devices; right: the map.
  y -= 8;
  const listTop = y;
  text(first, 'Proposed device locations (latitude, longitude)', MARGIN, y, 11, bold);
  y -= ROW + 2;
  for (const i of pages[0]![0]!) {
    text(first, deviceLine(result, i), MARGIN, y, 9);
    y -= ROW;
  }
  if (result.devicePlacements.length === 0) text(first, 'No devices.', MARGIN, y, 9, font, MUTED);
  if (pages.length > 1)
    text(
      first,
      `Continued on the next page (${result.devicePlacements.length} devices in all).`,
      MARGIN,
      y - 4,
      8,
      font,
      MUTED,
    );
  const mapSize = 250;
  drawMap(first, font, input, { x: PAGE[0] - MARGIN - mapSize, y: listTop - mapSize, size: mapSize });

  // Below: source counts by category and the wind rose, then the notes.
  let lower = listTop - mapSize - 60;
  text(first, 'Sources by category', MARGIN, lower, 11, bold);
  const counts = new Map<string, number>();
  for (const s of input.sources)
    counts.set(s.sourceCategoryName ?? 'Uncategorized', (counts.get(s.sourceCategoryName ?? 'Uncategorized') ?? 0) + 1);
  let cy = lower - ROW - 2;
  for (const [name, n] of [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    text(first, name, MARGIN, cy, 9);
    text(first, String(n), MARGIN + 150, cy, 9);
    cy -= ROW;
  }
  if (counts.size === 0) {
    text(first, 'No sources.', MARGIN, cy, 9, font, MUTED);
    cy -= ROW;
  }
  text(first, 'Total', MARGIN, cy, 9, bold);
  text(first, String(input.sources.length), MARGIN + 150, cy, 9, bold);
  const roseSize = 170;
  text(first, 'Wind rose', PAGE[0] - MARGIN - roseSize, lower, 11, bold);
  drawRose(first, font, result.windRoseProbability, { x: PAGE[0] - MARGIN - roseSize, top: lower - 8, size: roseSize });
  lower = Math.min(cy, lower - roseSize - 8) - 22;
  text(first, 'Notes', MARGIN, lower, 11, bold);
  let ny = lower - ROW - 2;
  for (const line of wrap(input.notes || 'None', font, 9, PAGE[0] - 2 * MARGIN)) {
    if (ny < MARGIN) break;
    text(first, line, MARGIN, ny, 9);
    ny -= ROW;
  }

  // Later pages: 44 devices per column, 3 columns.
  const columnWidth = (PAGE[0] - 2 * MARGIN) / 3;
  for (const columns of pages.slice(1)) {
    const page = doc.addPage(PAGE);
    const top = PAGE[1] - MARGIN;
    text(page, `Proposed device locations, continued - ${input.siteName}`, MARGIN, top, 11, bold);
    columns.forEach((column, c) => {
      column.forEach((i, row) =>
        text(
          page,
          deviceLine(result, i),
          MARGIN + c * columnWidth,
          top - 22 - row * ((top - 22 - MARGIN) / DEVICES_PER_COLUMN),
          7.5,
        ),
      );
    });
  }
  doc
    .getPages()
    .forEach((p, i, all) =>
      text(p, `Page ${i + 1} of ${all.length}`, PAGE[0] - MARGIN - 50, MARGIN / 2, 8, font, MUTED),
    );
  return doc.save();
}

export async function exportDeploymentPlanPdf(input: PlanPdfInput): Promise<void> {
  const bytes = await buildDeploymentPlanPdf(input);
  const runAt = input.result.modelRunAt.replace(/\.\d+Z$/, 'Z');
  downloadBlob(
    deploymentPlanFileName(input.organizationName, input.siteName, runAt),
    new Blob([bytes.slice().buffer], { type: 'application/pdf' }),
  );
}
