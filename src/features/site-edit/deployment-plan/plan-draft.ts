// The Deployment Plan tab's form as pure functions (spec 3 §3 'Deployment plan', §5): the draft the form edits, the
// request it stands for, its checks, the proposed devices of the latest result, the budget steps, and the two columns
// of the plan's history (saved, latest unsaved).
import { GENERIC_ERROR } from '@/api/client';
import type { DevicePlacementResult, SavedDeploymentPlan } from '@/contracts/deployment-plan';
import {
  DEFAULT_DEVICE_BUDGET,
  devicePlacementRequestSchema,
  MAX_DEVICE_BUDGET,
  MIN_DEVICE_BUDGET,
  scoreOf,
  windSiteLabel,
  type DevicePlacementRequest,
  type DevicePlacementRequestInput,
  type PlanLngLat,
} from '@/domain/deployment-plan';
import { formatDateTime } from '@/domain/format';
import type { LngLat } from '../site-edit-context';

export interface Draft {
  deviceBudget: string;
  windSiteId: number | null;
  lines: { key: string; path: LngLat[] }[];
  mandatory: { key: string; position: LngLat }[];
  notes: string;
}
/** The request as the form holds it: an empty budget box is a missing budget. */
export type FormRequest = Omit<DevicePlacementRequestInput, 'deviceBudget'> & { deviceBudget: number | undefined };
/** A Preview's request and result, and who ran it. */
export interface Run {
  request: DevicePlacementRequest;
  result: DevicePlacementResult;
  by: string;
}
export interface PlanErrors {
  fields: Record<string, string>;
  general: string | null;
}
export const NO_ERRORS: PlanErrors = { fields: {}, general: null };

let nextKey = 1;
/** A key for a line or point drawn in this session (saved ones are keyed by their place in the plan). */
export const newKey = (prefix: string) => `${prefix}-new-${nextKey++}`;
export const tuple = (p: PlanLngLat | LngLat): LngLat => [p[0], p[1]];

/** The form of a saved plan, or of a new one with the default budget and wind source. */
export function draftOf(plan: SavedDeploymentPlan | null | undefined, defaultWindSiteId: number | null): Draft {
  if (!plan)
    return {
      deviceBudget: String(DEFAULT_DEVICE_BUDGET),
      windSiteId: defaultWindSiteId,
      lines: [],
      mandatory: [],
      notes: '',
    };
  const r = plan.request;
  return {
    deviceBudget: String(r.deviceBudget),
    windSiteId: r.windSource && 'siteId' in r.windSource ? r.windSource.siteId : null,
    lines: r.possiblePlacements.map((path, i) => ({ key: `line-${i + 1}`, path: path.map(tuple) })),
    mandatory: r.mandatoryPlacements.map((p, i) => ({ key: `mandatory-${i + 1}`, position: tuple(p) })),
    notes: plan.notes,
  };
}

export function requestOf(siteId: number, d: Draft): FormRequest {
  const budget = d.deviceBudget.trim() === '' ? Number.NaN : Number(d.deviceBudget);
  return {
    siteId,
    // An empty box is missing, so the rule's 'required' message applies.
    deviceBudget: Number.isNaN(budget) ? undefined : budget,
    windSource: d.windSiteId === null ? null : { siteId: d.windSiteId },
    mandatoryPlacements: d.mandatory.map((m) => m.position),
    possiblePlacements: d.lines.map((l) => l.path),
    notes: d.notes,
  };
}

export const sameRequest = (a: FormRequest, b: FormRequest) =>
  JSON.stringify({ ...a, notes: a.notes ?? '' }) === JSON.stringify({ ...b, notes: b.notes ?? '' });

/** The request checked by the spec's rules, or the first message of each field (a general one when none is a field's). */
export function checkRequest(request: FormRequest): { request: DevicePlacementRequest } | { errors: PlanErrors } {
  const parsed = devicePlacementRequestSchema.safeParse(request);
  if (parsed.success) return { request: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return { errors: { fields, general: Object.keys(fields).length ? null : GENERIC_ERROR } };
}

/** The devices the optimizer placed that are not mandatory ones, keyed D1, D2, … in its order. */
export const proposedPlacements = (result: DevicePlacementResult | null): { key: string; position: LngLat }[] =>
  result
    ? result.devicePlacements.flatMap((p, i) =>
        result.mandatory[i] ? [] : [{ key: `proposed-${i + 1}`, position: tuple(p) }],
      )
    : [];

/** The budget box after − or +: within the limits, from the default when the box holds no number. */
export function steppedBudget(text: string, delta: number): string {
  const n = Number(text);
  const from = Number.isFinite(n) ? n : DEFAULT_DEVICE_BUDGET;
  return String(Math.min(MAX_DEVICE_BUDGET, Math.max(MIN_DEVICE_BUDGET, from + delta)));
}

type WindOption = Parameters<typeof windSiteLabel>[0] & { id: number };

/** A wind source site's label: from the options, else the saved plan's details of it (a site no longer offered). */
export function windLabelOf(
  siteId: number | null,
  options: readonly WindOption[],
  saved: SavedDeploymentPlan | null,
): string {
  const o = options.find((w) => w.id === siteId);
  if (o) return windSiteLabel(o);
  if (siteId === null) return '';
  const details = saved?.devicePlacementRequestWindSourceDetails;
  return (details && windSiteLabel(details)) || '';
}

export const windSiteIdOf = (request: Pick<FormRequest, 'windSource'>): number | null =>
  request.windSource && 'siteId' in request.windSource ? request.windSource.siteId : null;

export const HISTORY_ROWS = [
  ['Modified Time', 'time'],
  ['Modified By', 'by'],
  ['Score', 'score'],
  ['Sources', 'sources'],
  ['Devices', 'devices'],
  ['Wind Data Source', 'wind'],
  ['Notes', 'notes'],
] as const;
export type HistoryColumn = Record<(typeof HISTORY_ROWS)[number][1], string>;

/** One column of the history: the saved plan, or the latest Preview while the form has not changed since. */
export function historyColumn(
  plan: { kind: 'saved'; plan: SavedDeploymentPlan | null } | { kind: 'unsaved'; run: Run | null; changed: boolean },
  windLabel: (siteId: number | null) => string,
  time: { timeZone: string; timeFormat: Parameters<typeof formatDateTime>[2] },
): HistoryColumn | null {
  const src =
    plan.kind === 'saved'
      ? plan.plan && {
          request: plan.plan.request,
          result: plan.plan.result,
          by: plan.plan.modifiedByUserEmail,
          at: plan.plan.modifiedAt,
          notes: plan.plan.notes,
        }
      : plan.run && !plan.changed
        ? {
            request: plan.run.request,
            result: plan.run.result,
            by: plan.run.by,
            at: plan.run.result.modelRunAt,
            notes: plan.run.request.notes ?? '',
          }
        : null;
  if (!src) return null;
  return {
    time: formatDateTime(src.at, time.timeZone, time.timeFormat),
    by: src.by,
    score: scoreOf(src.result.totalCoverage).toFixed(1),
    sources: String(src.result.sourceCoverage.length),
    devices: String(src.result.devicePlacements.length),
    wind: windLabel(windSiteIdOf(src.request)),
    notes: src.notes || '—',
  };
}
