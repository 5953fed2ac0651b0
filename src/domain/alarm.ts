// Alarm rules shared by the server and the screens (spec 2 §2 'Alarms page', 'Alarm slide-out', §4 'Basic workflow',
// 'LDAR workflow', 'Alarm link', §5, §8, §9): the grid's fields and quick filter, the encoded alarm id, the title,
// the link window, and the workflow rules.
import { AlarmType, Aggregation, WorkflowType } from './enums';
import { measurementType } from './measurement-type';
import { inDisplayUnit, measurementInDisplayUnit, type UnitConfiguration } from './units';

export const ALARM_FIELDS = [
  'alarmType',
  'calculationMethod',
  'criticalThreshold',
  'deviceType',
  'endTime',
  'hiHiThreshold',
  'hiThreshold',
  'level',
  'maxValue',
  'siteAlias',
  'siteGroups',
  'siteName',
  'slidingWindowSizeInHours',
  'startTime',
  'topEmittingSource',
  'totalVolume',
  'workflowResolvedAt',
  'workflowType',
  'device',
] as const;
export type AlarmField = (typeof ALARM_FIELDS)[number];
export const ALARM_QUICK_FILTERS = ['Unresolved'] as const;
export const ALARM_BLOCK = 100;
export const ALARM_MAX_BLOCKS = 3;
export const ALARM_EMPTY_TEXT = 'No Rows';
export const ALARM_COLUMN_VISIBILITY_KEY = 'AlarmListColumnVisibility';
/** The alarm-type filter offers every type but SiteVolume. */
export const ALARM_TYPE_FILTER_OPTIONS = AlarmType.options.filter((o) => o.value !== AlarmType.values.SiteVolume);

export const COMMENTS_SHOWN = 3;
export const ALARM_TOASTS = {
  resolved: 'Resolved',
  unresolved: 'Un-Resolved',
  ldarResolved: 'LDAR workflow resolved',
  ldarSaved: 'LDAR workflow saved',
} as const;
export const convertedToast = (workflowType: number) => `Converted to ${WorkflowType.label(workflowType)} workflow`;
export const CLOSE_WITHOUT_SAVING = {
  title: 'Close without saving?',
  message: 'You have unsaved changes, do you want to close without saving?',
} as const;
export const CLASSIFIED_WARNING =
  'One or more Emissions have been classified. Changes made here will override the existing values for all Contributing Emissions.';
export const REPAIR_TYPE_REQUIRED = 'Repair Type is required to set Repair Completed';
export const LDAR_SAVE_FAILED = 'Failed to save LDAR workflow';
export const COMMENT_SAVE_FAILED = 'There was an error saving your comment, please try again';

// The encoded id in alarm links: opaque and checked, so a mistyped link fails cleanly instead of opening another alarm.
const ENCODE_KEY = 0x5bd1e995;
export function encodeAlarmId(id: number): string {
  const scrambled = (id ^ ENCODE_KEY) >>> 0;
  const check = (id * 31 + 7) % 36;
  return `${scrambled.toString(36)}${check.toString(36)}`.toUpperCase();
}
export function decodeAlarmId(encoded: string): number | null {
  if (!/^[0-9A-Z]{2,9}$/i.test(encoded)) return null;
  const text = encoded.toLowerCase();
  const id = (parseInt(text.slice(0, -1), 36) ^ ENCODE_KEY) >>> 0;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return ((id * 31 + 7) % 36).toString(36) === text.slice(-1) ? id : null;
}

/** 'CH4 Measurement Alarm (Max)', 'CH4 Emission Rate Alarm'. */
export function alarmTitle(a: {
  measurementTypeId: number;
  alarmType: number;
  calculationMethod: number | null;
}): string {
  const base = `${measurementType(a.measurementTypeId).label} ${AlarmType.label(a.alarmType)} Alarm`;
  return a.alarmType === AlarmType.values.Measurement && a.calculationMethod !== null
    ? `${base} (${Aggregation.label(a.calculationMethod)})`
    : base;
}

export const ALARM_LINK_PADDING_MINUTES = { recent: 30, older: 60 } as const;
export const DEFAULT_SLIDING_WINDOW_HOURS = 0.25;
/** Ended within the last day: the link pads by 30 minutes, otherwise by 60. */
export const RECENT_ALARM_MS = 86_400_000;

/** The window an alarm link opens: ending at the alarm's end (or now), starting a sliding window plus padding before its start. */
export function alarmLinkWindow(
  a: { startTime: string; endTime: string | null; slidingWindowSizeInHours: number | null },
  now: number,
): { start: number; end: number } {
  const end = Math.min(a.endTime ? Date.parse(a.endTime) : now, now);
  const padding =
    (now - end <= RECENT_ALARM_MS ? ALARM_LINK_PADDING_MINUTES.recent : ALARM_LINK_PADDING_MINUTES.older) * 60_000;
  const window = (a.slidingWindowSizeInHours ?? DEFAULT_SLIDING_WINDOW_HOURS) * 3_600_000;
  return { start: Date.parse(a.startTime) - window - padding, end: Math.min(end + padding, now) };
}

/** Top contributing sources: the first shown, the next 4 in a tooltip, the rest as 'N Other Sources'. */
export function sourceSummary<T>(sources: readonly T[]): { first: T | null; tooltip: T[]; others: number } {
  return { first: sources[0] ?? null, tooltip: sources.slice(1, 5), others: Math.max(0, sources.length - 5) };
}

export const canSendComment = (text: string) => text.trim().length > 0;
export const COMMENT_MAX = 2000;

/** The LDAR form (spec 2 §3 'Workflow' ldarWorkflowModel, §4, §5). */
export interface LdarForm {
  classification: string | null;
  rootCauseId: number | null;
  repairRequired: boolean | null;
  repairType: number | null;
  /** ISO time. */
  repairCompleted: string | null;
}

export const showsRootCause = (classification: string | null) =>
  classification === 'Venting' || classification === 'Fugitive';
export const showsRepairRequired = (classification: string | null) =>
  classification !== null && classification !== 'NothingFound';

/** Resolved when nothing was found, no repair is needed, or the repair is typed and completed. */
export function ldarResolves(f: LdarForm): boolean {
  if (f.classification === null) return false;
  return (
    f.classification === 'NothingFound' ||
    f.repairRequired === false ||
    (f.repairType !== null && f.repairCompleted !== null)
  );
}

/** The form after one field changes, with the fields that change clears (spec 2 §4). */
export function ldarChange<K extends keyof LdarForm>(f: LdarForm, key: K, value: LdarForm[K]): LdarForm {
  const next = { ...f, [key]: value };
  if (key === 'classification')
    return {
      classification: next.classification,
      rootCauseId: null,
      repairRequired: null,
      repairType: null,
      repairCompleted: null,
    };
  if (key === 'repairRequired') return { ...next, repairType: null, repairCompleted: null };
  return next;
}

/** Field problems of an LDAR save. */
export function ldarProblems(f: LdarForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.repairCompleted !== null && f.repairType === null) out.repairType = REPAIR_TYPE_REQUIRED;
  return out;
}

/** An alarm's values in the user's units: Emission Rate in the CH4 rate unit, Emission Volume in the CH4 volume unit, a measurement in its gas's unit. */
export function alarmValueInDisplayUnit(
  value: number,
  alarm: { alarmType: number; measurementTypeId: number },
  units: UnitConfiguration,
): { value: number; label: string } {
  if (alarm.alarmType === AlarmType.values.SiteRate) return inDisplayUnit(value, 'ch4Rate', units);
  if (alarm.alarmType === AlarmType.values.SiteVolume) return inDisplayUnit(value, 'ch4Volume', units);
  return measurementInDisplayUnit(value, measurementType(alarm.measurementTypeId).unitKind, units);
}
