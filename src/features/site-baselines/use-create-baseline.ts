// Create New Baseline's state (spec 3 §4, §8): the form checked by the domain's rules, Calculate on the server (its
// answer valid only while the inputs are those it was made from), and Save with 'Baseline created'.
import { useState } from 'react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { ApiError } from '@/api/client';
import type { BaselineCalculationAnswer, SiteBaselineListRow } from '@/contracts/emission';
import { BASELINE_MESSAGES, BaselineType } from '@/domain/site-baseline';
import { useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { calculateBaseline, useCreateBaseline } from './api';
import {
  baselineFormErrors,
  emptyBaselineForm,
  errorAt,
  toBaselineInput,
  type BaselineFormValues,
} from './baseline-form';
import { dayStartIso } from './dates';

/** The fields Calculate needs (the effective dates matter only to Save). */
const CALCULATION_FIELDS = [
  'siteId',
  'baselineType',
  'yearlyEmissionInventory',
  'rangeFrom',
  'baselineStartDate',
  'inspectionDate',
  'epaSiteType',
  'activities',
] as const;

/** The messages of a refused calculation: each field's, once, or the error's own. */
const calculationMessages = (e: unknown): string[] =>
  e instanceof ApiError && Object.keys(e.errors).length
    ? [...new Set(Object.values(e.errors).flat())]
    : [e instanceof Error ? e.message : String(e)];

export function useCreateBaselineForm(
  sites: readonly SiteBaselineListRow[],
  initialSiteId: number | null,
  onClose: () => void,
) {
  const { organization, user } = useSession();
  const organizationId = organization?.id ?? 0;
  const timeZone = user.userSettings.ianaTimezoneId;
  const toast = useToast();
  const create = useCreateBaseline();
  const resolver: Resolver<BaselineFormValues> = async (values) => {
    const errors = baselineFormErrors(values, organizationId, timeZone);
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
  const form = useForm<BaselineFormValues>({ resolver, defaultValues: emptyBaselineForm(initialSiteId) });
  const { control, handleSubmit, watch, trigger, getValues, formState } = form;
  const activities = useFieldArray({ control, name: 'activities' });
  const values = watch();
  const type = values.baselineType === '' ? null : Number(values.baselineType);
  const site = sites.find((s) => String(s.siteId) === values.siteId);
  const inputKey = JSON.stringify(toBaselineInput(values, organizationId));
  const [calc, setCalc] = useState<{ key: string; result: BaselineCalculationAnswer } | null>(null);
  const [calcErrors, setCalcErrors] = useState<string[]>([]);
  const [calculating, setCalculating] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Any change of input invalidates the calculation (spec 3 §4).
  const result = calc !== null && calc.key === inputKey ? calc.result : null;

  async function runCalculation() {
    setCalcErrors([]);
    if (!(await trigger([...CALCULATION_FIELDS]))) return;
    const input = toBaselineInput(getValues(), organizationId);
    setCalculating(true);
    try {
      setCalc({ key: JSON.stringify(input), result: await calculateBaseline(input) });
    } catch (e) {
      setCalc(null);
      setCalcErrors(calculationMessages(e));
    } finally {
      setCalculating(false);
    }
  }

  const save = handleSubmit(async (v) => {
    if (!result) return setSaveError(BASELINE_MESSAGES.calculationRequired);
    setSaveError(null);
    try {
      await create.mutateAsync({
        ...toBaselineInput(v, organizationId),
        effectiveFrom: dayStartIso(v.effectiveFrom, timeZone),
        effectiveTo: v.effectiveTo ? dayStartIso(v.effectiveTo, timeZone) : null,
      });
      toast(BASELINE_MESSAGES.created, 'success');
      onClose();
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : String(e));
    }
  });

  return {
    register: form.register,
    activities,
    type,
    /** The EPA type chosen for a site that is not EPA regulated: Calculate is refused. */
    notEpa: type === BaselineType.Epa30DayAverage && site !== undefined && !site.isEpaRegulated,
    err: (name: string) => errorAt(formState.errors, name),
    /** The calculation while it matches the inputs; `calculated` says whether one was made at all. */
    result,
    calculated: calc !== null,
    calcErrors,
    calculating,
    runCalculation,
    save,
    saving: create.isPending,
    saveError,
  };
}

export type CreateBaselineForm = ReturnType<typeof useCreateBaselineForm>;
