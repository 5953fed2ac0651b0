// The Deployment Plan form's inputs (spec 3 §3 'Deployment plan'): the device budget with its − and + steps (their
// tooltips say what one device less or more would cover) and the wind source.
import type { DevicePlacementResult, WindSiteSource } from '@/contracts/deployment-plan';
import {
  budgetTooltip,
  MAX_DEVICE_BUDGET,
  MIN_DEVICE_BUDGET,
  WIND_SOURCE_GROUPS,
  windSiteLabel,
} from '@/domain/deployment-plan';
import { steppedBudget } from './plan-draft';

export function DeviceBudgetField({
  value,
  onChange,
  error,
  disabled,
  tipResult,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
  /** The result the step tooltips describe (none after an edit). */
  tipResult: DevicePlacementResult | null;
}) {
  const budget = Number(value);
  return (
    <label className="form-control">
      <span className="label-text mb-1 text-sm font-medium">Device budget</span>
      <div className="join">
        <span
          className="tooltip"
          data-tip={budgetTooltip(
            'less',
            tipResult?.totalCoverage ?? null,
            tipResult?.totalCoverageWithOneLessDevice ?? null,
          )}
        >
          <button
            type="button"
            className="btn btn-sm join-item"
            aria-label="One less device"
            disabled={disabled || budget <= MIN_DEVICE_BUDGET}
            onClick={() => onChange(steppedBudget(value, -1))}
          >
            −
          </button>
        </span>
        <input
          className={`input input-sm join-item w-20 text-center ${error ? 'input-error' : ''}`}
          inputMode="numeric"
          aria-label="Device budget"
          aria-invalid={Boolean(error)}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
        <span
          className="tooltip"
          data-tip={budgetTooltip(
            'more',
            tipResult?.totalCoverage ?? null,
            tipResult?.totalCoverageWithOneMoreDevice ?? null,
          )}
        >
          <button
            type="button"
            className="btn btn-sm join-item"
            aria-label="One more device"
            disabled={disabled || budget >= MAX_DEVICE_BUDGET}
            onClick={() => onChange(steppedBudget(value, 1))}
          >
            +
          </button>
        </span>
      </div>
      {error && <span className="mt-1 text-sm text-error">{error}</span>}
    </label>
  );
}

export function WindSourceField({
  value,
  onChange,
  options,
  error,
  disabled,
}: {
  value: number | null;
  onChange: (siteId: number | null) => void;
  options: readonly WindSiteSource[];
  error: string | undefined;
  disabled: boolean;
}) {
  return (
    <label className="form-control min-w-64 flex-1">
      <span className="label-text mb-1 text-sm font-medium">Wind source</span>
      <select
        className={`select select-sm w-full ${error ? 'select-error' : ''}`}
        aria-invalid={Boolean(error)}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">Choose a wind source</option>
        {options.length > 0 && (
          <optgroup label={WIND_SOURCE_GROUPS.site}>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {windSiteLabel(o)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {options.length === 0 && (
        <span className="mt-1 text-sm opacity-70">No site of this organization has wind data yet.</span>
      )}
      {error && <span className="mt-1 text-sm text-error">{error}</span>}
    </label>
  );
}
