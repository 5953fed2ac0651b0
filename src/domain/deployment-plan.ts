// The deployment plan's rules (spec 3 §3 'Deployment plan', §5 'Deployment plan', §9 'Site edit and deployment
// plan'): the request's validation, the score scale, the budget tooltips and the texts shown. The server validates
// with the same schema.
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';

export const DEFAULT_DEVICE_BUDGET = 5;
export const MIN_DEVICE_BUDGET = 1;
export const MAX_DEVICE_BUDGET = 100;
/** Source scores run 0 (poor) to 5 (excellent): the source's coverage times five. */
export const MAX_SOURCE_SCORE = 5;
export const MAX_NOTES_LENGTH = 2000;
/** Past this many placement points the request is refused (a drawing slip, not a plan). */
const MAX_LINE_POINTS = 500;
const MAX_LINES = 50;

export const DEPLOYMENT_PLAN_MESSAGES = {
  deviceBudgetRequired: 'Device budget is required',
  deviceBudgetRange: `Device budget must be a whole number from ${MIN_DEVICE_BUDGET} to ${MAX_DEVICE_BUDGET}`,
  windSourceRequired: 'Wind source is required',
  noLines: 'Please draw at least one line where devices can be placed',
  tooManyMandatory: 'There are more mandatory placements than the device budget',
  fewSources: 'Calculations of emissions can be inaccurate with fewer than 2 sources',
  manySources: 'Source attribution degrades with more than 60 sources',
  windSourceNoData: 'The chosen wind source has no wind data',
  windSourceUnknown: 'The chosen wind source is not a site of this organization',
  siteDeleted: 'This site has been deleted; its deployment plan cannot be changed',
} as const;

export const DEPLOYMENT_PLAN_SAVED = 'Deployment plan saved';
/** The '*' tab label's tooltip when sources changed after the saved plan was made (spec 3 §4). */
export const DEPLOYMENT_PLAN_OUTDATED_TOOLTIP =
  'The sources of this site changed after the deployment plan was made. Run Preview and Save to update it.';

export const FEW_SOURCES = 2;
export const MANY_SOURCES = 60;

/** Relative importance of a source (spec 3 §3): its weight in the plan's coverage; Ignore leaves it out. */
export const RELATIVE_IMPORTANCE = [
  { value: 0, name: 'Ignore' },
  { value: 1, name: 'Low' },
  { value: 2, name: 'Medium' },
  { value: 3, name: 'High' },
] as const;
export const importanceWeight = (relativeImportance: number): number =>
  Math.max(0, Math.min(3, Math.round(relativeImportance)));

const lng = z.number().min(-180).max(180);
const lat = z.number().min(-90).max(90);
export const lngLatSchema = z.tuple([lng, lat]);
export type PlanLngLat = z.infer<typeof lngLatSchema>;

/** A Qube site's wind, or a weather station's (none exist in this product; see the README). */
export const windSourceSchema = z.union([z.object({ siteId: idSchema }), z.object({ weatherStationId: idSchema })]);

export const devicePlacementRequestSchema = z
  .object({
    siteId: idSchema,
    deviceBudget: z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRequired
            : DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRange,
      })
      .int(DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRange)
      .min(MIN_DEVICE_BUDGET, DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRange)
      .max(MAX_DEVICE_BUDGET, DEPLOYMENT_PLAN_MESSAGES.deviceBudgetRange),
    windSource: windSourceSchema.nullable().refine((w) => w !== null, DEPLOYMENT_PLAN_MESSAGES.windSourceRequired),
    mandatoryPlacements: z.array(lngLatSchema).max(MAX_DEVICE_BUDGET),
    possiblePlacements: z
      .array(z.array(lngLatSchema).min(2).max(MAX_LINE_POINTS))
      .max(MAX_LINES)
      .refine((lines) => lines.length > 0, DEPLOYMENT_PLAN_MESSAGES.noLines),
    notes: z.string().max(MAX_NOTES_LENGTH).default(''),
  })
  .superRefine((r, ctx) => {
    if (r.mandatoryPlacements.length > r.deviceBudget)
      ctx.addIssue({
        code: 'custom',
        path: ['mandatoryPlacements'],
        message: DEPLOYMENT_PLAN_MESSAGES.tooManyMandatory,
      });
  });
export type DevicePlacementRequestInput = z.input<typeof devicePlacementRequestSchema>;
export type DevicePlacementRequest = z.output<typeof devicePlacementRequestSchema>;

/** Warnings that do not block a run (spec 3 §5): counted over the site's visible (not deleted) sources. */
export function sourceCountWarnings(visibleSources: number): string[] {
  if (visibleSources < FEW_SOURCES) return [DEPLOYMENT_PLAN_MESSAGES.fewSources];
  if (visibleSources > MANY_SOURCES) return [DEPLOYMENT_PLAN_MESSAGES.manySources];
  return [];
}

/** A coverage (0–1) on the 0 (poor) to 5 (excellent) scale, one decimal. */
export const scoreOf = (coverage: number): number =>
  Math.round(Math.max(0, Math.min(1, coverage)) * MAX_SOURCE_SCORE * 10) / 10;

export type ScoreBand = 'poor' | 'fair' | 'good' | 'excellent';
export function scoreBand(score: number): ScoreBand {
  if (score < 1.5) return 'poor';
  if (score < 2.5) return 'fair';
  if (score < 3.75) return 'good';
  return 'excellent';
}

/** The budget buttons' tooltips: how the total coverage would change with one more or one less device. */
export function percentChange(from: number, to: number): number | null {
  if (!(from > 0)) return null;
  return ((to - from) / from) * 100;
}
export function budgetTooltip(direction: 'more' | 'less', total: number | null, other: number | null): string {
  const label = direction === 'more' ? 'one more device' : 'one less device';
  if (total === null || other === null) return `Run Preview to see the change in coverage with ${label}`;
  const change = percentChange(total, other);
  if (change === null) return `Coverage with ${label}: ${(other * 100).toFixed(1)}%`;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}% coverage with ${label}`;
}

/** 'name - X km (N days of available data)' (spec 3 §3 'Wind source options'). */
export function windSiteLabel(o: {
  name: string;
  distanceFromSiteInMeters: number;
  daysOfAvailableData: number;
}): string {
  return `${o.name} - ${(o.distanceFromSiteInMeters / 1000).toFixed(1)} km (${o.daysOfAvailableData} days of available data)`;
}
export const WIND_SOURCE_GROUPS = { site: 'Qube Site', weatherStation: 'Weather Station' } as const;

/** 'Deployment Plan for {organization}-{site}-{modelRunAt}.pdf', with characters file systems refuse replaced. */
export function deploymentPlanFileName(organization: string, site: string, modelRunAt: string): string {
  const clean = (s: string) => s.replace(/[\\/:*?"<>|]/g, '_');
  return `Deployment Plan for ${clean(organization)}-${clean(site)}-${clean(modelRunAt)}.pdf`;
}
