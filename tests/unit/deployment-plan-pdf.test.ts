// The deployment plan's PDF (spec 3 §9): the device list's paging, the file name, the wind rose's parts, and a real
// document built from a plan.
import { writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  budgetTooltip,
  deploymentPlanFileName,
  devicePlacementRequestSchema,
  DEPLOYMENT_PLAN_MESSAGES,
  scoreBand,
  scoreOf,
  sourceCountWarnings,
  windSiteLabel,
} from '@/domain/deployment-plan';
import { buildDeploymentPlanPdf } from '@/features/site-edit/deployment-plan/export-pdf';
import { devicePages } from '@/features/site-edit/deployment-plan/pdf-layout';
import { roseGeometry } from '@/ui/chart/wind-rose/wind-rose-geometry';

describe('PDF paging', () => {
  it('lists 20 devices on the first page, then 44 per column over 3 columns', () => {
    expect(devicePages(0)).toEqual([[[]]]);
    expect(devicePages(20)).toHaveLength(1);
    const p21 = devicePages(21);
    expect(p21).toHaveLength(2);
    expect(p21[1]).toEqual([[20]]);
    const p = devicePages(20 + 132 + 50);
    expect(p.map((page) => page.map((c) => c.length))).toEqual([[20], [44, 44, 44], [44, 6]]);
    // Every device once, in order.
    expect(p.flat(2)).toEqual(Array.from({ length: 202 }, (_, i) => i));
  });
});

describe('deployment plan rules', () => {
  it('names the file after organization, site and model run', () => {
    expect(deploymentPlanFileName('Alpha Energy', 'Pad 1', '2026-03-01T10:00:00Z')).toBe(
      'Deployment Plan for Alpha Energy-Pad 1-2026-03-01T10_00_00Z.pdf',
    );
  });
  it('scores 0 (poor) to 5 (excellent)', () => {
    expect(scoreOf(0)).toBe(0);
    expect(scoreOf(1)).toBe(5);
    expect(scoreOf(0.51)).toBe(2.6);
    expect(scoreBand(0.5)).toBe('poor');
    expect(scoreBand(5)).toBe('excellent');
  });
  it('shows the percentage change for one more or one less device', () => {
    expect(budgetTooltip('more', 0.5, 0.55)).toBe('+10.0% coverage with one more device');
    expect(budgetTooltip('less', 0.5, 0.4)).toBe('-20.0% coverage with one less device');
    expect(budgetTooltip('more', null, null)).toMatch(/Run Preview/);
  });
  it('validates the request with the spec messages and defaults', () => {
    const r = devicePlacementRequestSchema.safeParse({
      siteId: 1,
      deviceBudget: undefined,
      windSource: null,
      mandatoryPlacements: [],
      possiblePlacements: [],
    });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({
      deviceBudget: DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRequired,
      windSource: DEPLOYMENT_PLAN_MESSAGES.windSourceRequired,
      possiblePlacements: DEPLOYMENT_PLAN_MESSAGES.noLines,
    });
    expect(sourceCountWarnings(1)).toEqual([DEPLOYMENT_PLAN_MESSAGES.fewSources]);
    expect(sourceCountWarnings(2)).toEqual([]);
    expect(sourceCountWarnings(61)).toEqual([DEPLOYMENT_PLAN_MESSAGES.manySources]);
    expect(windSiteLabel({ name: 'Pad 2', distanceFromSiteInMeters: 1440, daysOfAvailableData: 30 })).toBe(
      'Pad 2 - 1.4 km (30 days of available data)',
    );
  });
});

describe('wind rose drawing', () => {
  it('has 8 grid lines, 4 compass labels and 6 ticks', () => {
    const g = roseGeometry(
      [
        { angle: 0, probability: 0.4 },
        { angle: 90, probability: 0.6 },
      ],
      200,
    );
    expect(g.gridLines).toHaveLength(8);
    expect(g.compass.map((c) => c.text)).toEqual(['N', 'E', 'S', 'W']);
    expect(g.rings).toHaveLength(6);
    expect(g.petals).toHaveLength(2);
  });
});

describe('PDF document', () => {
  it('builds a PDF with a page per 132 devices after the first 20', async () => {
    const n = 160;
    const bytes = await buildDeploymentPlanPdf({
      organizationName: 'Alpha Energy',
      siteName: 'Pad 1',
      siteLocation: [-102.1, 31.9],
      result: {
        devicePlacements: Array.from({ length: n }, (_, i) => [-102.1 + i * 1e-5, 31.9] as [number, number]),
        mandatory: Array.from({ length: n }, (_, i) => i === 0),
        modelRunAt: '2026-03-01T10:00:00.000Z',
        messages: [],
        sourceCoverage: [{ id: 1, coverage: 0.5 }],
        totalCoverage: 0.5,
        totalCoverageWithOneLessDevice: 0.45,
        totalCoverageWithOneMoreDevice: 0.52,
        windRoseProbability: Array.from({ length: 16 }, (_, k) => ({ angle: k * 22.5, probability: 1 / 16 })),
      },
      lines: [
        [
          [-102.1, 31.9],
          [-102.09, 31.9],
        ],
      ],
      sources: [
        { id: 1, name: 'Tank 1', location: [-102.1, 31.9001], relativeImportance: 3, sourceCategoryName: 'Tank' },
      ],
      windSource: 'Pad 2 - 1.4 km (30 days of available data)',
      notes: 'Reviewed on site — north fence line first.',
      modelRunAtText: 'Mar 1, 2026, 10:00 am',
    });
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF')).toBe(true);
    // 160 devices: 20 on the first page, 132 on the second, 8 on the third.
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    if (process.env.PLAN_PDF_OUT) writeFileSync(process.env.PLAN_PDF_OUT, bytes);
  });
});
