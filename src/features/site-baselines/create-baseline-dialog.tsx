// Create New Baseline (spec 3 §2, §4, §5, §8): the three types with their inputs, Calculate on the server, the result
// invalidated by any change of input, Save only with a valid calculation, the EPA warnings, 'Baseline created'.
import { useState } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ApiError } from '@/api/client';
import type { BaselineCalculationAnswer, SiteBaselineListRow } from '@/contracts/emission';
import {
  BASELINE_MESSAGES,
  BASELINE_TYPE_LABELS,
  baselineInputProblems,
  BaselineType,
  EPA_SITE_TYPES,
  effectiveDateProblems,
  formatBaseline,
  type BaselineInput,
} from '@/domain/site-baseline';
import { FormAlert } from '@/ui/form/form-alert';
import { Modal } from '@/ui/modal';
import { useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { calculateBaseline, useCreateBaseline } from './api';
import { DailyVolumesChart } from './daily-volumes-chart';
import { dayStartIso } from './dates';

interface FormValues {
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

function toInput(v: FormValues, organizationId: number): BaselineInput {
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

/** Domain problems placed on the form's fields. */
const fieldOf = (key: string) =>
  key === 'baselineRange' ? 'rangeFrom' : key.replace(/^activities\.(\d+)\.dateRange$/, 'activities.$1.from');

export function CreateBaselineDialog({
  sites,
  initialSiteId,
  onClose,
}: {
  sites: readonly SiteBaselineListRow[];
  initialSiteId: number | null;
  onClose: () => void;
}) {
  const { organization, user } = useSession();
  const organizationId = organization?.id ?? 0;
  const timeZone = user.userSettings.ianaTimezoneId;
  const units = useCh4Units();
  const toast = useToast();
  const create = useCreateBaseline();
  const resolver: Resolver<FormValues> = async (values) => {
    const problems = {
      ...baselineInputProblems(toInput(values, organizationId)),
      ...effectiveDateProblems(
        values.effectiveFrom ? dayStartIso(values.effectiveFrom, timeZone) : null,
        values.effectiveTo ? dayStartIso(values.effectiveTo, timeZone) : null,
      ),
    };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [key, messages] of Object.entries(problems))
      errors[fieldOf(key)] = { type: 'validate', message: messages[0]! };
    return Object.keys(errors).length
      ? { values: {}, errors: errors as FieldErrors<FormValues> }
      : { values, errors: {} };
  };
  const { register, control, handleSubmit, watch, trigger, getValues, formState } = useForm<FormValues>({
    resolver,
    defaultValues: {
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
    },
  });
  const activities = useFieldArray({ control, name: 'activities' });
  const values = watch();
  const type = values.baselineType === '' ? null : Number(values.baselineType);
  const site = sites.find((s) => String(s.siteId) === values.siteId);
  const inputKey = JSON.stringify(toInput(values, organizationId));
  const [calc, setCalc] = useState<{ key: string; result: BaselineCalculationAnswer } | null>(null);
  const [calcErrors, setCalcErrors] = useState<string[]>([]);
  const [calculating, setCalculating] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // Any change of input invalidates the calculation (spec 3 §4).
  const valid = calc !== null && calc.key === inputKey;
  const notEpa = type === BaselineType.Epa30DayAverage && site !== undefined && !site.isEpaRegulated;
  const err = (name: string) => {
    const parts = name.split('.');
    let node: unknown = formState.errors;
    for (const p of parts) node = (node as Record<string, unknown> | undefined)?.[p];
    return (node as { message?: string } | undefined)?.message;
  };

  async function runCalculation() {
    setCalcErrors([]);
    if (
      !(await trigger([
        'siteId',
        'baselineType',
        'yearlyEmissionInventory',
        'rangeFrom',
        'baselineStartDate',
        'inspectionDate',
        'epaSiteType',
        'activities',
      ]))
    )
      return;
    const current = getValues();
    const key = JSON.stringify(toInput(current, organizationId));
    setCalculating(true);
    try {
      const result = await calculateBaseline(toInput(current, organizationId));
      setCalc({ key, result });
    } catch (e) {
      setCalc(null);
      setCalcErrors(
        e instanceof ApiError && Object.keys(e.errors).length
          ? [...new Set(Object.values(e.errors).flat())]
          : [e instanceof Error ? e.message : String(e)],
      );
    } finally {
      setCalculating(false);
    }
  }

  const save = handleSubmit(async (v) => {
    if (!valid) return setSaveError(BASELINE_MESSAGES.calculationRequired);
    setSaveError(null);
    try {
      await create.mutateAsync({
        ...toInput(v, organizationId),
        effectiveFrom: dayStartIso(v.effectiveFrom, timeZone),
        effectiveTo: v.effectiveTo ? dayStartIso(v.effectiveTo, timeZone) : null,
      });
      toast(BASELINE_MESSAGES.created, 'success');
      onClose();
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : String(e));
    }
  });

  const field = (name: keyof FormValues, label: string, input: React.ReactNode) => (
    <label className="form-control">
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      {input}
      {err(name) && <span className="mt-1 text-xs text-error">{err(name)}</span>}
    </label>
  );

  return (
    <Modal open title="Create New Baseline" onClose={onClose} wide>
      <form className="grid gap-3" onSubmit={(e) => void save(e)} noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          {field(
            'siteId',
            'Site',
            <select className="select select-sm w-full" aria-label="Site" {...register('siteId')}>
              <option value="">Choose a site</option>
              {sites.map((s) => (
                <option key={s.siteId} value={s.siteId}>
                  {s.siteName}
                </option>
              ))}
            </select>,
          )}
          {field(
            'baselineType',
            'Baseline Type',
            <select className="select select-sm w-full" aria-label="Baseline Type" {...register('baselineType')}>
              <option value="">Choose a type</option>
              {Object.entries(BASELINE_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>,
          )}
        </div>
        {notEpa && (
          <p role="alert" className="alert alert-warning text-sm">
            {BASELINE_MESSAGES.notEpaSite}
          </p>
        )}
        {type === BaselineType.UserInput &&
          field(
            'yearlyEmissionInventory',
            'Yearly CH4 Inventory (kg)',
            <input
              type="number"
              min={0}
              step="any"
              className="input input-sm w-full"
              aria-label="Yearly CH4 Inventory (kg)"
              {...register('yearlyEmissionInventory')}
            />,
          )}
        {type === BaselineType.SiteAverage && (
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">Baseline Calculation Period (30 to 92 days)</legend>
            {field(
              'rangeFrom',
              'From',
              <input
                type="date"
                className="input input-sm w-full"
                aria-label="Baseline Calculation Period from"
                {...register('rangeFrom')}
              />,
            )}
            {field(
              'rangeTo',
              'To',
              <input
                type="date"
                className="input input-sm w-full"
                aria-label="Baseline Calculation Period to"
                {...register('rangeTo')}
              />,
            )}
          </fieldset>
        )}
        {type === BaselineType.Epa30DayAverage && (
          <div className="grid gap-3 sm:grid-cols-2">
            {field(
              'baselineStartDate',
              'Baseline Calculation Period Start Date',
              <input
                type="date"
                className="input input-sm w-full"
                aria-label="Baseline Calculation Period Start Date"
                {...register('baselineStartDate')}
              />,
            )}
            {field(
              'inspectionDate',
              'Inspection Date',
              <input
                type="date"
                className="input input-sm w-full"
                aria-label="Inspection Date"
                {...register('inspectionDate')}
              />,
            )}
            {field(
              'epaSiteType',
              'EPA Site Type',
              <select className="select select-sm w-full" aria-label="EPA Site Type" {...register('epaSiteType')}>
                <option value="">Choose a site type</option>
                {EPA_SITE_TYPES.map((t) => (
                  <option key={t.name}>{t.name}</option>
                ))}
              </select>,
            )}
            {field(
              'inspectionComments',
              'Inspection Comments',
              <input
                className="input input-sm w-full"
                aria-label="Inspection Comments"
                maxLength={2000}
                {...register('inspectionComments')}
              />,
            )}
          </div>
        )}
        {(type === BaselineType.SiteAverage || type === BaselineType.Epa30DayAverage) && (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Activities excluded from the calculation</legend>
            {activities.fields.length === 0 && (
              <p className="text-xs text-base-content/70">None: every day of the period counts.</p>
            )}
            {activities.fields.map((a, i) => (
              <div key={a.id} className="grid items-start gap-2 sm:grid-cols-[9rem_9rem_1fr_auto]">
                <input
                  type="date"
                  className="input input-sm"
                  aria-label={`Activity ${i + 1} from`}
                  {...register(`activities.${i}.from`)}
                />
                <input
                  type="date"
                  className="input input-sm"
                  aria-label={`Activity ${i + 1} to`}
                  {...register(`activities.${i}.to`)}
                />
                <div>
                  <input
                    className="input input-sm w-full"
                    placeholder="Comment"
                    aria-label={`Activity ${i + 1} comment`}
                    maxLength={500}
                    {...register(`activities.${i}.comment`)}
                  />
                  {(err(`activities.${i}.comment`) || err(`activities.${i}.from`)) && (
                    <span className="text-xs text-error">
                      {err(`activities.${i}.comment`) ?? err(`activities.${i}.from`)}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Remove activity ${i + 1}`}
                  onClick={() => activities.remove(i)}
                >
                  Remove
                </button>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-sm btn-ghost w-fit"
              onClick={() => activities.append({ from: '', to: '', comment: '' })}
            >
              Add Activity
            </button>
          </fieldset>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          {field(
            'effectiveFrom',
            'Effective From',
            <input
              type="date"
              className="input input-sm w-full"
              aria-label="Effective From"
              {...register('effectiveFrom')}
            />,
          )}
          {field(
            'effectiveTo',
            'Effective To (blank: active until replaced)',
            <input
              type="date"
              className="input input-sm w-full"
              aria-label="Effective To"
              {...register('effectiveTo')}
            />,
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 p-3">
          <button
            type="button"
            className="btn btn-sm btn-secondary"
            disabled={calculating || notEpa}
            onClick={() => void runCalculation()}
          >
            {calculating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Calculate
          </button>
          {valid ? (
            <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm" aria-label="Calculation">
              <dt className="text-base-content/70">Baseline</dt>
              <dd className="tabular-nums">{`${formatBaseline(units.rate(calc.result.baseline))} ${units.rateLabel}`}</dd>
              <dt className="text-base-content/70">7-day threshold</dt>
              <dd className="tabular-nums">{`${formatBaseline(units.rate(calc.result.sevenDayThreshold))} ${units.rateLabel}`}</dd>
              <dt className="text-base-content/70">90-day threshold</dt>
              <dd className="tabular-nums">{`${formatBaseline(units.rate(calc.result.ninetyDayThreshold))} ${units.rateLabel}`}</dd>
            </dl>
          ) : (
            <span className="text-sm text-base-content/70">
              {calc ? 'The inputs changed: calculate again.' : 'Calculate to see the baseline before saving.'}
            </span>
          )}
        </div>
        {valid && calc.result.baselineIsMaxForSiteType && (
          <p role="status" className="alert alert-info text-sm">
            The 30-day average is above the largest baseline for this EPA site type, so the baseline is set to that
            maximum.
          </p>
        )}
        {valid && <DailyVolumesChart days={calc.result.dailyVolumes} units={units} />}
        {calcErrors.map((m) => (
          <p key={m} role="alert" className="alert alert-error text-sm">
            {m}
          </p>
        ))}
        <FormAlert message={saveError} />
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || create.isPending}>
            {create.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
