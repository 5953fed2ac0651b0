// Site baselines (spec 3 §3 'Site baseline', §4 'Baseline status', §5 'Baseline', §8, §9): the three types, their
// validation messages word for word, and the calculation from daily volumes. A baseline is a CH4 rate (kg/h).
import { z } from 'zod';
import { finiteNumberSchema, idSchema } from '@/contracts/bounds';
import { BASELINE_RATIO_ABOVE, BASELINE_RATIO_OFF_SPEC } from './emission';

export const BaselineType = { UserInput: 0, SiteAverage: 1, Epa30DayAverage: 2 } as const;
export type BaselineType = (typeof BaselineType)[keyof typeof BaselineType];
export const BASELINE_TYPE_LABELS: Record<BaselineType, string> = {
  0: 'User Input/Inventory',
  1: 'Site Average',
  2: 'EPA 30 Day Average',
};
export function baselineTypeLabel(value: number): string {
  const label = BASELINE_TYPE_LABELS[value as BaselineType];
  if (!label) throw new Error(`Unconfigured baseline type value: ${value}`);
  return label;
}

export const BASELINE_MESSAGES = {
  typeRequired: 'Baseline Type is required',
  siteRequired: 'Site is required',
  effectiveFromRequired: 'Effective From is required',
  effectiveOrder: 'Effective From must be before Effective To',
  periodRequired: 'Baseline Calculation Period is required',
  periodLength: 'Baseline Calculation Period must be 30 to 92 days',
  startRequired: 'Baseline Calculation Period Start Date is required',
  inspectionRequired: 'Inspection Date is required',
  epaSiteType: 'EPA Site Type is required',
  inventoryRequired: 'Yearly CH4 Inventory is required',
  inventoryMin: 'Yearly CH4 Inventory must be a number of at least 0',
  inventoryMax: 'Yearly CH4 Inventory must be at most 1,000,000,000,000 kg',
  activityComment: 'Each activity needs a comment',
  activityDates: 'Each activity needs a start and an end date',
  notEpaSite: 'This is not an EPA regulated site. EPA baselines can only be created for EPA regulated sites.',
  calculationRequired: 'Calculate the baseline before saving',
  created: 'Baseline created',
  updated: 'Baseline updated',
  deleted: 'Baseline deleted',
  restored: 'Baseline restored',
  noActive: 'No Active Baseline Set',
} as const;

/** Average period: the day difference is at least 29 and under 92 (30 to 92 days counted inclusively). */
export const AVERAGE_MIN_DAY_DIFFERENCE = 29;
export const AVERAGE_MAX_DAY_DIFFERENCE = 92;
export const EPA_PERIOD_DAYS = 30;
export const BASELINE_DECIMALS = 2;
export const HOURS_PER_YEAR = 8760;

/**
 * EPA site types with the largest baseline (kg/h) an EPA 30-day average may set for them; an average above it is
 * capped there and flagged (baselineIsMaxForSiteType).
 */
export const EPA_SITE_TYPES: readonly { name: string; maxBaseline: number }[] = [
  { name: 'Single Wellhead Only', maxBaseline: 1 },
  { name: 'Small Well Site', maxBaseline: 2 },
  { name: 'Multi-Wellhead Only', maxBaseline: 3 },
  { name: 'Well Site with Major Production Equipment', maxBaseline: 6 },
  { name: 'Centralized Production Facility', maxBaseline: 12 },
  { name: 'Compressor Station', maxBaseline: 15 },
];

export const isEpaRegulated = (regulationName: string | null | undefined) => /^EPA\b/i.test(regulationName ?? '');

const DAY = 86_400_000;
const dayIndex = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY);
export const dayDifference = (from: string, to: string) => dayIndex(to) - dayIndex(from);
export const addDays = (iso: string, days: number) => new Date((dayIndex(iso) + days) * DAY).toISOString().slice(0, 10);

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date (YYYY-MM-DD)');
const activitySchema = z.object({ dateRange: z.array(isoDay.nullable()).max(2), comment: z.string().max(500) });
export type BaselineActivity = z.infer<typeof activitySchema>;

/** What a calculation needs (spec 3 §7 'calculate/'). Missing inputs are reported with the spec's messages. */
export const baselineInputSchema = z.object({
  organizationId: idSchema,
  siteId: idSchema.nullable(),
  baselineType: z.number().int().nullable(),
  // Far above any site's inventory, so the rates and thresholds derived from it stay finite.
  yearlyEmissionInventory: finiteNumberSchema(BASELINE_MESSAGES.inventoryMin)
    .max(1e12, BASELINE_MESSAGES.inventoryMax)
    .nullable()
    .optional(),
  baselineRange: z.array(isoDay.nullable()).max(2).optional(),
  baselineStartDate: isoDay.nullable().optional(),
  activities: z.array(activitySchema).max(50).default([]),
  inspectionDate: isoDay.nullable().optional(),
  inspectionComments: z.string().max(2000).nullable().optional(),
  epaSiteType: z.string().max(100).nullable().optional(),
});
export type BaselineInput = z.infer<typeof baselineInputSchema>;

export const baselineCreateSchema = baselineInputSchema.extend({
  effectiveFrom: z.iso.datetime({ offset: true }).nullable(),
  effectiveTo: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type BaselineCreate = z.infer<typeof baselineCreateSchema>;

/** Problems by field, with the spec's messages. */
export function baselineInputProblems(input: BaselineInput): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (input.baselineType === null || !(input.baselineType in BASELINE_TYPE_LABELS))
    add('baselineType', BASELINE_MESSAGES.typeRequired);
  if (input.siteId === null) add('siteId', BASELINE_MESSAGES.siteRequired);
  if (input.baselineType === BaselineType.UserInput) {
    const v = input.yearlyEmissionInventory;
    if (v === null || v === undefined) add('yearlyEmissionInventory', BASELINE_MESSAGES.inventoryRequired);
    else if (!Number.isFinite(v) || v < 0) add('yearlyEmissionInventory', BASELINE_MESSAGES.inventoryMin);
  }
  if (input.baselineType === BaselineType.SiteAverage) {
    const [from, to] = input.baselineRange ?? [];
    if (!from || !to) add('baselineRange', BASELINE_MESSAGES.periodRequired);
    else {
      const diff = dayDifference(from, to);
      if (diff < AVERAGE_MIN_DAY_DIFFERENCE || diff >= AVERAGE_MAX_DAY_DIFFERENCE)
        add('baselineRange', BASELINE_MESSAGES.periodLength);
    }
  }
  if (input.baselineType === BaselineType.Epa30DayAverage) {
    if (!input.baselineStartDate) add('baselineStartDate', BASELINE_MESSAGES.startRequired);
    if (!input.inspectionDate) add('inspectionDate', BASELINE_MESSAGES.inspectionRequired);
    if (!input.epaSiteType || !EPA_SITE_TYPES.some((t) => t.name === input.epaSiteType))
      add('epaSiteType', BASELINE_MESSAGES.epaSiteType);
  }
  if (input.baselineType === BaselineType.SiteAverage || input.baselineType === BaselineType.Epa30DayAverage) {
    input.activities.forEach((a, i) => {
      if (!a.comment.trim()) add(`activities.${i}.comment`, BASELINE_MESSAGES.activityComment);
      if (a.dateRange.length !== 2 || !a.dateRange[0] || !a.dateRange[1] || a.dateRange[0] > a.dateRange[1])
        add(`activities.${i}.dateRange`, BASELINE_MESSAGES.activityDates);
    });
  }
  return errors;
}

export function effectiveDateProblems(
  effectiveFrom: string | null | undefined,
  effectiveTo: string | null | undefined,
): Record<string, string[]> {
  if (!effectiveFrom) return { effectiveFrom: [BASELINE_MESSAGES.effectiveFromRequired] };
  if (effectiveTo && Date.parse(effectiveFrom) >= Date.parse(effectiveTo))
    return { effectiveTo: [BASELINE_MESSAGES.effectiveOrder] };
  return {};
}

/** The days a calculation averages: the Site Average range (inclusive), or 30 days from the EPA start date. */
export function calculationDays(input: BaselineInput): { from: string; to: string } | null {
  if (input.baselineType === BaselineType.SiteAverage) {
    const [from, to] = input.baselineRange ?? [];
    return from && to ? { from, to } : null;
  }
  if (input.baselineType === BaselineType.Epa30DayAverage && input.baselineStartDate)
    return { from: input.baselineStartDate, to: addDays(input.baselineStartDate, EPA_PERIOD_DAYS - 1) };
  return null;
}

export interface DailyVolume {
  /** Day (YYYY-MM-DD, UTC). */
  startTime: string;
  includedVolume: number;
  excludedVolume: number;
  /** kg/h over the day. */
  rate: number;
}

export interface BaselineCalculation {
  baseline: number;
  sevenDayThreshold: number;
  ninetyDayThreshold: number;
  baselineIsMaxForSiteType: boolean;
  dailyVolumes: DailyVolume[];
}

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Thresholds follow the status ratios: a 7-day rolling average at twice the baseline is off-spec, a 90-day one above
 * the baseline is above it.
 */
function withThresholds(baseline: number, dailyVolumes: DailyVolume[], capped: boolean): BaselineCalculation {
  return {
    baseline: round(baseline),
    sevenDayThreshold: round(baseline * BASELINE_RATIO_OFF_SPEC),
    ninetyDayThreshold: round(baseline * BASELINE_RATIO_ABOVE),
    baselineIsMaxForSiteType: capped,
    dailyVolumes,
  };
}

/** Splits each day's volume into included and excluded (days touched by an activity are excluded). */
export function splitDailyVolumes(
  days: readonly { day: string; volume: number }[],
  activities: readonly BaselineActivity[],
): DailyVolume[] {
  return days.map(({ day, volume }) => {
    const excluded = activities.some(
      (a) => a.dateRange[0] && a.dateRange[1] && day >= a.dateRange[0] && day <= a.dateRange[1],
    );
    return {
      startTime: day,
      includedVolume: excluded ? 0 : volume,
      excludedVolume: excluded ? volume : 0,
      rate: volume / 24,
    };
  });
}

/** The calculation for valid inputs; `days` are the calculation period's daily volumes (kg) in order. */
export function calculateBaseline(
  input: BaselineInput,
  days: readonly { day: string; volume: number }[],
): BaselineCalculation {
  if (input.baselineType === BaselineType.UserInput)
    return withThresholds((input.yearlyEmissionInventory ?? 0) / HOURS_PER_YEAR, [], false);
  const daily = splitDailyVolumes(days, input.activities);
  const included = daily.filter((d) => d.excludedVolume === 0);
  const average =
    included.length === 0 ? 0 : included.reduce((s, d) => s + d.includedVolume, 0) / (included.length * 24);
  if (input.baselineType === BaselineType.Epa30DayAverage) {
    const max = EPA_SITE_TYPES.find((t) => t.name === input.epaSiteType)?.maxBaseline ?? Infinity;
    return withThresholds(Math.min(average, max), daily, average > max);
  }
  return withThresholds(average, daily, false);
}

export type BaselineStatus = 'Active' | 'Ended' | 'Deleted';
export function baselineStatus(b: { effectiveTo: string | null; deletedAt: string | null }): BaselineStatus {
  if (b.deletedAt) return 'Deleted';
  return b.effectiveTo ? 'Ended' : 'Active';
}

/** Baseline displays use 2 decimals. */
export const formatBaseline = (v: number | null | undefined) =>
  v === null || v === undefined ? '' : v.toFixed(BASELINE_DECIMALS);
