// Alarm parameter templates and site alarm parameters (spec 2 §3, §4 'Site alarm parameter', §5 'Template and
// site-parameter detail', §8, §9): one set of rules for the dialogs and the server.
import { AlarmDeviceFilter, AlarmType, Aggregation } from './enums';

export const MIN_WINDOW_HOURS = 0.25;
export const WINDOW_STEP_HOURS = 0.25;
export const DEFAULT_WINDOW_HOURS = 0.25;
export const MEASUREMENT_WINDOW_MAX_HOURS = 24;
export const SITE_RATE_WINDOW_MAX_HOURS = 168;
export const RESET_MAX_HOURS = 24;
export const TEMPLATE_NAME_MAX = 100;
export const NUMERIC_DECIMALS = 4;
export const NUMERIC_LENGTH = 15;
export const TEMPLATE_SITE_NAMES_SHOWN = 10;
export const CH4 = 1;

export const PARAMETER_MESSAGES = {
  nameRequired: 'Template name is required',
  nameTooLong: `Template name must be at most ${TEMPLATE_NAME_MAX} characters`,
  alarmTypeRequired: 'Alarm type is required',
  measurementTypeRequired: 'Measurement type is required',
  calculationRequired: 'Calculation method is required',
  hiRequired: 'HI Threshold is required',
  hiMin: 'HI Threshold must be at least 0',
  hiHiAboveHi: 'HI-HI Threshold must be greater than HI Threshold',
  criticalAboveHiHi: 'Critical Threshold must be greater than HI-HI Threshold',
  criticalAboveHi: 'Critical Threshold must be greater than HI Threshold',
  resetRequired: 'Reset Evaluation Period is required',
  resetRange: (min: number) => `Reset Evaluation Period must be between ${min} and ${RESET_MAX_HOURS} hours`,
  windowRequired: 'Sliding Window is required',
  windowRange: (max: number) => `Sliding Window must be between ${MIN_WINDOW_HOURS} and ${max} hours`,
  increments: 'Only 15 minute increments are supported',
  deviceTypeRequired: 'Device type is required',
  devicesRequired: 'At least 1 device is required',
  numeric: `Enter a number with at most ${NUMERIC_DECIMALS} decimals`,
  invalidSelection: 'Some selected alarm parameters are not valid. Please correct them.',
  unexpected: 'There was an unexpected error, please try again',
  templateAffects: (n: number) => `Editing this template will affect alarm parameters for ${n} sites`,
  noSensor: (gas: string) => `The site does not have ${gas} sensors. You can only turn parameters off.`,
} as const;

export const WARNINGS = {
  siteRate: 'This site cannot calculate emission rate due to a missing sensor',
  measurement: 'This site does not have this sensor',
  gas: (gas: string) => `This site does not currently have the ${gas} sensor`,
  banner: 'Some parameters have warnings. The impacted parameters are identified below.',
} as const;

export interface AlarmDetailForm {
  calculationMethod: number | null;
  hiThreshold: number | null;
  hiHiThreshold: number | null;
  criticalThreshold: number | null;
  slidingWindowSizeInHours: number | null;
  resetEvaluationPeriodInHours: number | null;
  triggersLdarWorkflow: boolean;
}

/** Text typed into a numeric box is kept only when it is digits with at most one point, 4 decimals and 15 characters. */
export function numericInputOk(text: string): boolean {
  return text.length <= NUMERIC_LENGTH && /^\d*(\.\d{0,4})?$/.test(text);
}

const isMeasurement = (alarmType: number) => alarmType === AlarmType.values.Measurement;

/** Field problems of a detail, by field name. `siteParameter` adds the 15-minute rule of site parameters. */
export function detailProblems(alarmType: number, d: AlarmDetailForm, siteParameter: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (d.calculationMethod === null) out.calculationMethod = PARAMETER_MESSAGES.calculationRequired;
  if (d.hiThreshold === null) out.hiThreshold = PARAMETER_MESSAGES.hiRequired;
  else if (d.hiThreshold < 0) out.hiThreshold = PARAMETER_MESSAGES.hiMin;
  if (d.hiHiThreshold !== null && d.hiThreshold !== null && !(d.hiHiThreshold > d.hiThreshold))
    out.hiHiThreshold = PARAMETER_MESSAGES.hiHiAboveHi;
  if (d.criticalThreshold !== null) {
    if (d.hiHiThreshold !== null) {
      if (!(d.criticalThreshold > d.hiHiThreshold)) out.criticalThreshold = PARAMETER_MESSAGES.criticalAboveHiHi;
    } else if (d.hiThreshold !== null && !(d.criticalThreshold > d.hiThreshold))
      out.criticalThreshold = PARAMETER_MESSAGES.criticalAboveHi;
  }
  const measurement = isMeasurement(alarmType);
  const resetMin = measurement ? 1 : MIN_WINDOW_HOURS;
  if (d.resetEvaluationPeriodInHours === null) {
    if (measurement) out.resetEvaluationPeriodInHours = PARAMETER_MESSAGES.resetRequired;
  } else if (d.resetEvaluationPeriodInHours < resetMin || d.resetEvaluationPeriodInHours > RESET_MAX_HOURS)
    out.resetEvaluationPeriodInHours = PARAMETER_MESSAGES.resetRange(resetMin);
  const windowMax = measurement ? MEASUREMENT_WINDOW_MAX_HOURS : SITE_RATE_WINDOW_MAX_HOURS;
  if (d.slidingWindowSizeInHours === null) out.slidingWindowSizeInHours = PARAMETER_MESSAGES.windowRequired;
  else if (d.slidingWindowSizeInHours < MIN_WINDOW_HOURS || d.slidingWindowSizeInHours > windowMax)
    out.slidingWindowSizeInHours = PARAMETER_MESSAGES.windowRange(windowMax);
  else if (
    siteParameter &&
    measurement &&
    Math.abs(
      d.slidingWindowSizeInHours / WINDOW_STEP_HOURS - Math.round(d.slidingWindowSizeInHours / WINDOW_STEP_HOURS),
    ) > 1e-9
  ) {
    out.slidingWindowSizeInHours = PARAMETER_MESSAGES.increments;
  }
  return out;
}

export interface TemplateForm extends AlarmDetailForm {
  id: number;
  name: string;
  alarmType: number | null;
  measurementTypeId: number | null;
}

export function templateProblems(t: TemplateForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (t.name.trim() === '') out.name = PARAMETER_MESSAGES.nameRequired;
  else if (t.name.trim().length > TEMPLATE_NAME_MAX) out.name = PARAMETER_MESSAGES.nameTooLong;
  if (t.alarmType === null) out.alarmType = PARAMETER_MESSAGES.alarmTypeRequired;
  if (t.measurementTypeId === null) out.measurementTypeId = PARAMETER_MESSAGES.measurementTypeRequired;
  return { ...out, ...(t.alarmType === null ? {} : detailProblems(t.alarmType, t, false)) };
}

/** The template dialog's alarm-type side effects: Measurement → Max and reset 1; SiteRate → Average, no reset, CH4. */
export function templateWithAlarmType(t: TemplateForm, alarmType: number): TemplateForm {
  if (alarmType === AlarmType.values.Measurement)
    return { ...t, alarmType, calculationMethod: Aggregation.values.Max, resetEvaluationPeriodInHours: 1 };
  if (alarmType === AlarmType.values.SiteRate)
    return {
      ...t,
      alarmType,
      calculationMethod: Aggregation.values.Average,
      resetEvaluationPeriodInHours: null,
      measurementTypeId: CH4,
    };
  return { ...t, alarmType };
}

export interface SiteParameterForm extends AlarmDetailForm {
  /** 0 for a parameter not saved yet. */
  id: number;
  alarmType: number;
  measurementTypeId: number;
  status: number;
  alarmParameterTemplateId: number | null;
  alarmDeviceType: number | null;
  deviceIds: number[];
}

export const usesSelectedDevices = (deviceType: number | null) =>
  deviceType === AlarmDeviceFilter.values.SelectedQube || deviceType === AlarmDeviceFilter.values.SelectedQubeLite;

/** Problems of a site parameter; an Off parameter keeps no detail, so it has none. */
export function siteParameterProblems(p: SiteParameterForm): Record<string, string> {
  if (p.status === 0) return {};
  const out: Record<string, string> = {};
  if (isMeasurement(p.alarmType)) {
    if (p.alarmDeviceType === null) out.alarmDeviceType = PARAMETER_MESSAGES.deviceTypeRequired;
    else if (usesSelectedDevices(p.alarmDeviceType) && p.deviceIds.length === 0)
      out.deviceIds = PARAMETER_MESSAGES.devicesRequired;
  }
  // A template supplies the detail.
  return p.alarmParameterTemplateId !== null ? out : { ...out, ...detailProblems(p.alarmType, p, true) };
}

/** A site parameter after one field changes: Max forces the minimum window on measurement alarms; a new device type clears the devices. */
export function siteParameterChange<K extends keyof SiteParameterForm>(
  p: SiteParameterForm,
  key: K,
  value: SiteParameterForm[K],
): SiteParameterForm {
  const next = { ...p, [key]: value };
  if (key === 'calculationMethod' && value === Aggregation.values.Max && isMeasurement(p.alarmType))
    next.slidingWindowSizeInHours = MIN_WINDOW_HOURS;
  if (key === 'alarmDeviceType' && value !== p.alarmDeviceType) next.deviceIds = [];
  return next;
}

/** 'Site A, Site B … and 3 more' for the template list's tooltip. */
export function siteNamesTooltip(names: readonly string[]): string {
  const shown = names.slice(0, TEMPLATE_SITE_NAMES_SHOWN).join(', ');
  return names.length > TEMPLATE_SITE_NAMES_SHOWN
    ? `${shown} and ${names.length - TEMPLATE_SITE_NAMES_SHOWN} more`
    : shown;
}
