// Hand-written SVG plots beside the JSON: the POD curve with its logistic fit, and estimated vs true rates (log-log).
import type { Row } from './report';
import { logistic } from './stats';

const W = 560;
const H = 400;
const M = { l: 60, r: 20, t: 30, b: 50 };
const COLORS: Record<string, string> = { pipeline: '#1f77b4', dlq: '#d62728' };
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const logScale = (lo: number, hi: number, a: number, b: number) => (v: number) =>
  a + ((Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * (b - a);
const linScale = (lo: number, hi: number, a: number, b: number) => (v: number) => a + ((v - lo) / (hi - lo)) * (b - a);

/** `legendAt` 'top-left', or 'bottom-right' where a POD curve, rising to the top, leaves room. */
function frame(
  title: string,
  xLabel: string,
  yLabel: string,
  body: string[],
  legend: string[],
  legendAt: 'top-left' | 'bottom-right' = 'top-left',
): string {
  const place = (i: number) =>
    legendAt === 'top-left'
      ? `x="${M.l + 10}" y="${M.t + 16 + i * 16}"`
      : `x="${W - M.r - 10}" y="${H - M.b - 10 - (legend.length - 1 - i) * 16}" text-anchor="end"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2}" y="18" text-anchor="middle" font-size="14">${esc(title)}</text>`,
    `<rect x="${M.l}" y="${M.t}" width="${W - M.l - M.r}" height="${H - M.t - M.b}" fill="none" stroke="#333"/>`,
    `<text x="${(M.l + W - M.r) / 2}" y="${H - 10}" text-anchor="middle">${esc(xLabel)}</text>`,
    `<text transform="translate(16 ${(M.t + H - M.b) / 2}) rotate(-90)" text-anchor="middle">${esc(yLabel)}</text>`,
    ...body,
    ...legend.map((l, i) => `<text ${place(i)}>${l}</text>`),
    '</svg>',
  ].join('\n');
}

function logTicks(lo: number, hi: number, toPx: (v: number) => number, axis: 'x' | 'y'): string[] {
  const out: string[] = [];
  for (const v of [0.1, 0.3, 1, 3, 10, 30, 100]) {
    if (v < lo || v > hi) continue;
    const p = toPx(v);
    out.push(
      axis === 'x'
        ? `<line x1="${p}" y1="${H - M.b}" x2="${p}" y2="${H - M.b + 5}" stroke="#333"/><text x="${p}" y="${H - M.b + 18}" text-anchor="middle">${v}</text>`
        : `<line x1="${M.l - 5}" y1="${p}" x2="${M.l}" y2="${p}" stroke="#333"/><text x="${M.l - 8}" y="${p + 4}" text-anchor="end">${v}</text>`,
    );
  }
  return out;
}

export function podSvg(layout: string, rows: readonly Row[]): string {
  const x = logScale(0.1, 50, M.l, W - M.r);
  const y = linScale(0, 1, H - M.b, M.t);
  const body: string[] = [...logTicks(0.1, 50, x, 'x')];
  for (const v of [0, 0.5, 0.9, 1])
    body.push(
      `<text x="${M.l - 8}" y="${y(v) + 4}" text-anchor="end">${v}</text><line x1="${M.l}" y1="${y(v)}" x2="${W - M.r}" y2="${y(v)}" stroke="#eee"/>`,
    );
  const legend: string[] = [];
  for (const r of rows) {
    const d = r.detail;
    if (!d) continue;
    const c = COLORS[r.method] ?? '#000';
    for (const b of d.pod_by_bin) {
      if (b.pod === null) continue;
      const xm = Math.sqrt(b.lo * b.hi);
      body.push(
        `<circle cx="${x(xm)}" cy="${y(b.pod)}" r="4" fill="${c}"><title>${b.lo}–${b.hi} kg/h: ${b.detected}/${b.releases}</title></circle>`,
      );
    }
    if (d.logistic) {
      const pts: string[] = [];
      for (let i = 0; i <= 100; i++) {
        const q = 0.1 * Math.pow(500, i / 100);
        pts.push(`${x(q).toFixed(1)},${y(logistic(d.logistic, Math.log(q))).toFixed(1)}`);
      }
      body.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${c}" stroke-width="2"/>`);
    }
    legend.push(
      `<tspan fill="${c}">● ${r.method}: DL90 ${r.dl90_kgh === null ? '–' : r.dl90_kgh.toFixed(2)} kg/h (${r.releases ?? 0} releases)</tspan>`,
    );
  }
  return frame(
    `POD vs release rate, layout ${layout} (dots: binned POD; lines: logistic fit on ln Q)`,
    'true release rate (kg/h, log)',
    'probability of detection',
    body,
    legend,
    'bottom-right',
  );
}

export function paritySvg(layout: string, rows: readonly Row[]): string {
  const x = logScale(0.03, 100, M.l, W - M.r);
  const y = logScale(0.03, 100, H - M.b, M.t);
  const clamp = (v: number) => Math.min(100, Math.max(0.03, v));
  const body: string[] = [...logTicks(0.03, 100, x, 'x'), ...logTicks(0.03, 100, y, 'y')];
  body.push(`<line x1="${x(0.03)}" y1="${y(0.03)}" x2="${x(100)}" y2="${y(100)}" stroke="#555"/>`);
  // Factor-of-2 guides: y = 2x and y = x/2 across the plotted square.
  body.push(
    `<line x1="${x(0.03)}" y1="${y(0.06)}" x2="${x(50)}" y2="${y(100)}" stroke="#aaa" stroke-dasharray="4 3"/>`,
  );
  body.push(
    `<line x1="${x(0.06)}" y1="${y(0.03)}" x2="${x(100)}" y2="${y(50)}" stroke="#aaa" stroke-dasharray="4 3"/>`,
  );
  const legend: string[] = [];
  for (const r of rows) {
    const d = r.detail;
    if (!d) continue;
    const c = COLORS[r.method] ?? '#000';
    for (const p of d.quant_points)
      body.push(
        `<circle cx="${x(clamp(p.trueKgH)).toFixed(1)}" cy="${y(clamp(p.estKgH)).toFixed(1)}" r="2.5" fill="${c}" fill-opacity="0.6"/>`,
      );
    legend.push(
      `<tspan fill="${c}">● ${r.method}: ${d.quant_points.length} TP reports, within ×2 (Q ≥ 1): ${r.within_x2_ge_1kgh === null ? '–' : r.within_x2_ge_1kgh.toFixed(2)}</tspan>`,
    );
  }
  return frame(
    `Estimated vs true rate, layout ${layout} (solid 1:1, dashed ×2)`,
    'true rate over the overlap (kg/h, log)',
    'estimated rate (kg/h, log)',
    body,
    legend,
  );
}
