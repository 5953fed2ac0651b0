// Create New Baseline's form as pure functions (spec 3 §4, §5): the form's values, the calculation's input they stand
// for, and the domain's problems placed on the form's fields.
import type { FieldErrors } from 'react-hook-form';
import { baselineInputProblems, BaselineType, effectiveDateProblems, type BaselineInput } from '@/domain/site-baseline';
import { dayStartIso } from './dates';

export interface BaselineFormValues {
  siteId: string;
  baselineType: string;
  yearlyEmissionInventory: string;
  rangeFrom: string;
  rangeTo: string;
  baselineStartDate: string;
  inspectionDate: string;
  inspectionComments: string;
  epaSiteType: string;
  activities: { from: string; to: string; comment: string }[];
  effectiveFrom: string;
  effectiveTo: string;
}

/** An empty form, its site chosen when the dialog was opened from a site's row. */
export const emptyBaselineForm = (initialSiteId: number | null): BaselineFormValues => ({
  siteId: initialSiteId ? String(initialSiteId) : '',
  baselineType: '',
  yearlyEmissionInventory: '',
  rangeFrom: '',
  rangeTo: '',
  baselineStartDate: '',
  inspectionDate: '',
  inspectionComments: '',
  epaSiteType: '',
  activities: [],
  effectiveFrom: '',
  effectiveTo: '',
});

/** The calculation's input: blank boxes are missing values; User Input takes no activities. */
export function toBaselineInput(v: BaselineFormValues, organizationId: number): BaselineInput {
  const type = v.baselineType === '' ? null : Number(v.baselineType);
  return {
    organizationId,
    siteId: v.siteId === '' ? null : Number(v.siteId),
    baselineType: type,
    yearlyEmissionInventory: v.yearlyEmissionInventory.trim() === '' ? null : Number(v.yearlyEmissionInventory),
    baselineRange: [v.rangeFrom || null, v.rangeTo || null],
    baselineStartDate: v.baselineStartDate || null,
    activities:
      type === BaselineType.UserInput
        ? []
        : v.activities.map((a) => ({ dateRange: [a.from || null, a.to || null], comment: a.comment })),
    inspectionDate: v.inspectionDate || null,
    inspectionComments: v.inspectionComments || null,
    epaSiteType: v.epaSiteType || null,
  };
}

/** The form field a domain problem belongs on (a range's on its first box). */
const fieldOf = (key: string) =>
  key === 'baselineRange' ? 'rangeFrom' : key.replace(/^activities\.(\d+)\.dateRange$/, 'activities.$1.from');

/** The form's problems as react-hook-form errors, the first message of each field (none when the form is fine). */
export function baselineFormErrors(
  values: BaselineFormValues,
  organizationId: number,
  timeZone: string,
): FieldErrors<BaselineFormValues> {
  const problems = {
    ...baselineInputProblems(toBaselineInput(values, organizationId)),
    ...effectiveDateProblems(
      values.effectiveFrom ? dayStartIso(values.effectiveFrom, timeZone) : null,
      values.effectiveTo ? dayStartIso(values.effectiveTo, timeZone) : null,
    ),
  };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const [key, messages] of Object.entries(problems))
    errors[fieldOf(key)] = { type: 'validate', message: messages[0]! };
  return errors as FieldErrors<BaselineFormValues>;
}

/** The message at a dotted field path ('activities.0.comment') of the form's errors. */
export function errorAt(errors: FieldErrors<BaselineFormValues>, name: string): string | undefined {
  let node: unknown = errors;
  for (const p of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[p];
  return (node as { message?: string } | undefined)?.message;
}
