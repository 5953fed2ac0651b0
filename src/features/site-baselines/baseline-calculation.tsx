// Create New Baseline's calculation (spec 3 §4, §8): Calculate, the baseline and its 7- and 90-day thresholds while
// they match the inputs, the note when the EPA maximum applies, the daily volumes, and why a calculation was refused.
import { formatBaseline } from '@/domain/site-baseline';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { DailyVolumesChart } from './daily-volumes-chart';
import type { CreateBaselineForm } from './use-create-baseline';

export function BaselineCalculation({ form }: { form: CreateBaselineForm }) {
  const units = useCh4Units();
  const { result } = form;
  const rate = (v: number) => `${formatBaseline(units.rate(v))} ${units.rateLabel}`;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 rounded-box border border-base-300 p-3">
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          disabled={form.calculating || form.notEpa}
          onClick={() => void form.runCalculation()}
        >
          {form.calculating && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Calculate
        </button>
        {result ? (
          <dl className="grid grid-cols-[auto_auto] gap-x-3 text-sm" aria-label="Calculation">
            <dt className="text-base-content/70">Baseline</dt>
            <dd className="tabular-nums">{rate(result.baseline)}</dd>
            <dt className="text-base-content/70">7-day threshold</dt>
            <dd className="tabular-nums">{rate(result.sevenDayThreshold)}</dd>
            <dt className="text-base-content/70">90-day threshold</dt>
            <dd className="tabular-nums">{rate(result.ninetyDayThreshold)}</dd>
          </dl>
        ) : (
          <span className="text-sm text-base-content/70">
            {form.calculated ? 'The inputs changed: calculate again.' : 'Calculate to see the baseline before saving.'}
          </span>
        )}
      </div>
      {result?.baselineIsMaxForSiteType && (
        <p role="status" className="alert alert-info text-sm">
          The 30-day average is above the largest baseline for this EPA site type, so the baseline is set to that
          maximum.
        </p>
      )}
      {result && <DailyVolumesChart days={result.dailyVolumes} units={units} />}
      {form.calcErrors.map((m) => (
        <p key={m} role="alert" className="alert alert-error text-sm">
          {m}
        </p>
      ))}
    </>
  );
}
