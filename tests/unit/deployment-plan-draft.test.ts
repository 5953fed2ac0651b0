// The Deployment Plan tab's form as pure functions: the draft of a saved plan or a new one, the request it stands for,
// its checks, the proposed devices, the budget steps, the wind source's label and the history columns.
import { describe, expect, it } from 'vitest';
import type { DevicePlacementResult, SavedDeploymentPlan } from '@/contracts/deployment-plan';
import { DEPLOYMENT_PLAN_MESSAGES } from '@/domain/deployment-plan';
import {
  checkRequest,
  draftOf,
  historyColumn,
  proposedPlacements,
  requestOf,
  sameRequest,
  steppedBudget,
  windLabelOf,
} from '@/features/site-edit/deployment-plan/plan-draft';

const result = (over: Partial<DevicePlacementResult> = {}): DevicePlacementResult => ({
  devicePlacements: [
    [-102.1, 31.9],
    [-102.2, 31.8],
    [-102.3, 31.7],
  ],
  mandatory: [false, true, false],
  modelRunAt: '2026-05-01T12:00:00Z',
  messages: [],
  sourceCoverage: [
    { id: 1, coverage: 0.5 },
    { id: 2, coverage: 0.9 },
  ],
  totalCoverage: 0.72,
  totalCoverageWithOneLessDevice: 0.6,
  totalCoverageWithOneMoreDevice: 0.8,
  windRoseProbability: [],
  ...over,
});

const windSite = { id: 7, name: 'Pad 7', distanceFromSiteInMeters: 2500, daysOfAvailableData: 30 };

const savedPlan: SavedDeploymentPlan = {
  id: 3,
  request: {
    siteId: 9,
    deviceBudget: 4,
    windSource: { siteId: 7 },
    mandatoryPlacements: [[-102.2, 31.8]],
    possiblePlacements: [
      [
        [-102.1, 31.9],
        [-102.3, 31.7],
      ],
    ],
    notes: 'first',
  },
  result: result(),
  notes: 'first',
  modifiedByUserEmail: 'ann@example.com',
  modifiedAt: '2026-05-02T08:30:00Z',
  isValid: true,
  devicePlacementRequestWindSourceDetails: windSite,
};

describe('deployment plan draft', () => {
  it('starts a new plan from the default budget and the given wind source', () => {
    expect(draftOf(null, 7)).toEqual({ deviceBudget: '5', windSiteId: 7, lines: [], mandatory: [], notes: '' });
  });

  it('keys a saved plan’s lines and mandatory points by their place and gives back the same request', () => {
    const d = draftOf(savedPlan, null);
    expect(d.lines.map((l) => l.key)).toEqual(['line-1']);
    expect(d.mandatory).toEqual([{ key: 'mandatory-1', position: [-102.2, 31.8] }]);
    expect(requestOf(9, d)).toEqual(savedPlan.request);
    expect(sameRequest(requestOf(9, d), requestOf(9, { ...d, notes: 'changed' }))).toBe(false);
    expect(sameRequest(requestOf(9, d), requestOf(9, { ...d, lines: [...d.lines] }))).toBe(true);
  });

  it('reads an empty budget box as missing and says so; a plan without lines is refused', () => {
    const empty = checkRequest(requestOf(9, { ...draftOf(null, 7), deviceBudget: ' ' }));
    expect(empty).toEqual({
      errors: {
        fields: {
          deviceBudget: DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRequired,
          possiblePlacements: DEPLOYMENT_PLAN_MESSAGES.noLines,
        },
        general: null,
      },
    });
    const ok = checkRequest(requestOf(9, draftOf(savedPlan, null)));
    expect(ok).toEqual({ request: savedPlan.request });
  });

  it('proposes the optimizer’s devices that are not mandatory, keyed by their place in its answer', () => {
    expect(proposedPlacements(result())).toEqual([
      { key: 'proposed-1', position: [-102.1, 31.9] },
      { key: 'proposed-3', position: [-102.3, 31.7] },
    ]);
    expect(proposedPlacements(null)).toEqual([]);
  });

  it('steps the budget within its limits, from the default when the box holds no number', () => {
    expect(steppedBudget('4', 1)).toBe('5');
    expect(steppedBudget('1', -1)).toBe('1');
    expect(steppedBudget('100', 1)).toBe('100');
    expect(steppedBudget('abc', 1)).toBe('6');
  });

  it('labels a wind source from the options, else from the saved plan’s details of it', () => {
    expect(windLabelOf(7, [windSite], null)).toBe('Pad 7 - 2.5 km (30 days of available data)');
    expect(windLabelOf(7, [], savedPlan)).toBe('Pad 7 - 2.5 km (30 days of available data)');
    expect(windLabelOf(8, [], null)).toBe('');
    expect(windLabelOf(null, [windSite], savedPlan)).toBe('');
  });
});

describe('deployment plan history', () => {
  const time = { timeZone: 'UTC', timeFormat: '24-hr' as const };
  const label = (id: number | null) => `wind ${id}`;

  it('describes the saved plan', () => {
    expect(historyColumn({ kind: 'saved', plan: savedPlan }, label, time)).toEqual({
      time: expect.stringContaining('08:30'),
      by: 'ann@example.com',
      score: '3.6',
      sources: '2',
      devices: '3',
      wind: 'wind 7',
      notes: 'first',
    });
    expect(historyColumn({ kind: 'saved', plan: null }, label, time)).toBeNull();
  });

  it('describes the latest Preview at its model run, and nothing once the form changed since', () => {
    const run = { request: { ...savedPlan.request, notes: '' }, result: result(), by: 'bo@example.com' };
    const col = historyColumn({ kind: 'unsaved', run, changed: false }, label, time);
    expect(col).toMatchObject({ time: expect.stringContaining('12:00'), by: 'bo@example.com', notes: '—' });
    expect(historyColumn({ kind: 'unsaved', run, changed: true }, label, time)).toBeNull();
  });
});
