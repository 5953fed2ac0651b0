// Create New Baseline's inputs (spec 3 §4): the labelled field, each type's own inputs (User Input's inventory, Site
// Average's period, EPA 30 Day Average's start, inspection and site type), and the activities a calculation excludes.
import type { ReactNode } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { BaselineType, EPA_SITE_TYPES } from '@/domain/site-baseline';
import type { BaselineFormValues } from './baseline-form';
import type { CreateBaselineForm } from './use-create-baseline';

type Register = UseFormRegister<BaselineFormValues>;

/** A label over its input, with the field's error under it. */
export function BaselineField({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <label className="form-control">
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      {children}
      {error && <span className="mt-1 text-xs text-error">{error}</span>}
    </label>
  );
}

function DateInput({ label, register }: { label: string; register: ReturnType<Register> }) {
  return <input type="date" className="input input-sm w-full" aria-label={label} {...register} />;
}

/** The inputs the chosen type asks for. */
export function BaselineTypeInputs({ form }: { form: CreateBaselineForm }) {
  const { type, register, err } = form;
  if (type === BaselineType.UserInput)
    return (
      <BaselineField label="Yearly CH4 Inventory (kg)" error={err('yearlyEmissionInventory')}>
        <input
          type="number"
          min={0}
          step="any"
          className="input input-sm w-full"
          aria-label="Yearly CH4 Inventory (kg)"
          {...register('yearlyEmissionInventory')}
        />
      </BaselineField>
    );
  if (type === BaselineType.SiteAverage)
    return (
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 text-sm font-medium">Baseline Calculation Period (30 to 92 days)</legend>
        <BaselineField label="From" error={err('rangeFrom')}>
          <DateInput label="Baseline Calculation Period from" register={register('rangeFrom')} />
        </BaselineField>
        <BaselineField label="To" error={err('rangeTo')}>
          <DateInput label="Baseline Calculation Period to" register={register('rangeTo')} />
        </BaselineField>
      </fieldset>
    );
  if (type === BaselineType.Epa30DayAverage)
    return (
      <div className="grid gap-3 sm:grid-cols-2">
        <BaselineField label="Baseline Calculation Period Start Date" error={err('baselineStartDate')}>
          <DateInput label="Baseline Calculation Period Start Date" register={register('baselineStartDate')} />
        </BaselineField>
        <BaselineField label="Inspection Date" error={err('inspectionDate')}>
          <DateInput label="Inspection Date" register={register('inspectionDate')} />
        </BaselineField>
        <BaselineField label="EPA Site Type" error={err('epaSiteType')}>
          <select className="select select-sm w-full" aria-label="EPA Site Type" {...register('epaSiteType')}>
            <option value="">Choose a site type</option>
            {EPA_SITE_TYPES.map((t) => (
              <option key={t.name}>{t.name}</option>
            ))}
          </select>
        </BaselineField>
        <BaselineField label="Inspection Comments" error={err('inspectionComments')}>
          <input
            className="input input-sm w-full"
            aria-label="Inspection Comments"
            maxLength={2000}
            {...register('inspectionComments')}
          />
        </BaselineField>
      </div>
    );
  return null;
}

/** Activities excluded from a Site Average or EPA calculation: each a date range with a comment. */
export function ExcludedActivities({ form }: { form: CreateBaselineForm }) {
  const { activities, register, err } = form;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Activities excluded from the calculation</legend>
      {activities.fields.length === 0 && (
        <p className="text-xs text-base-content/70">None: every day of the period counts.</p>
      )}
      {activities.fields.map((a, i) => {
        const error = err(`activities.${i}.comment`) ?? err(`activities.${i}.from`);
        return (
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
              {error && <span className="text-xs text-error">{error}</span>}
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
        );
      })}
      <button
        type="button"
        className="btn btn-sm btn-ghost w-fit"
        onClick={() => activities.append({ from: '', to: '', comment: '' })}
      >
        Add Activity
      </button>
    </fieldset>
  );
}
