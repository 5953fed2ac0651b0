// The detail fields a template and a site parameter share (spec 2 §3 'detail', §5): calculation, the three
// thresholds, sliding window, reset period and the LDAR switch. Numeric boxes keep only digits with one point, at
// most 4 decimals and 15 characters.
import { useEffect, useState } from 'react';
import { numericInputOk, type AlarmDetailForm } from '@/domain/alarm-parameter';
import { Aggregation } from '@/domain/enums';

const METHODS = Aggregation.options.filter((o) => o.value !== Aggregation.values.Sum);

function NumberField({
  label,
  value,
  error,
  disabled,
  onChange,
  suffix,
}: {
  label: string;
  value: number | null;
  error?: string;
  disabled: boolean;
  onChange: (v: number | null) => void;
  suffix?: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  // Follow outside changes (a template filled in, Max forcing the window) without fighting the typing.
  useEffect(() => {
    setText((t) => (Number(t) === value && t !== '' ? t : value === null ? '' : String(value)));
  }, [value]);
  return (
    <label className="form-control">
      <span className="label-text mb-1 text-sm font-medium">{label}</span>
      <span className="flex items-center gap-1">
        <input
          className={`input input-sm w-full ${error ? 'input-error' : ''}`}
          inputMode="decimal"
          aria-label={suffix ? `${label} (${suffix})` : label}
          value={text}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          onChange={(e) => {
            if (!numericInputOk(e.target.value)) return;
            setText(e.target.value);
            onChange(e.target.value === '' || e.target.value === '.' ? null : Number(e.target.value));
          }}
        />
        {suffix && <span className="text-xs text-base-content/70">{suffix}</span>}
      </span>
      {error && <span className="mt-1 text-xs text-error">{error}</span>}
    </label>
  );
}

export function DetailFields({
  detail,
  errors,
  disabled,
  unit,
  onChange,
}: {
  detail: AlarmDetailForm;
  errors: Record<string, string>;
  disabled: boolean;
  unit: string;
  onChange: <K extends keyof AlarmDetailForm>(key: K, value: AlarmDetailForm[K]) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <label className="form-control col-span-2">
        <span className="label-text mb-1 text-sm font-medium">Calculation Method</span>
        <select
          className={`select select-sm w-full ${errors.calculationMethod ? 'select-error' : ''}`}
          disabled={disabled}
          value={detail.calculationMethod ?? ''}
          onChange={(e) => onChange('calculationMethod', e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">Choose</option>
          {METHODS.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
        {errors.calculationMethod && <span className="mt-1 text-xs text-error">{errors.calculationMethod}</span>}
      </label>
      <NumberField
        label="HI Threshold"
        suffix={unit}
        value={detail.hiThreshold}
        error={errors.hiThreshold}
        disabled={disabled}
        onChange={(v) => onChange('hiThreshold', v)}
      />
      <NumberField
        label="HI-HI Threshold"
        suffix={unit}
        value={detail.hiHiThreshold}
        error={errors.hiHiThreshold}
        disabled={disabled}
        onChange={(v) => onChange('hiHiThreshold', v)}
      />
      <NumberField
        label="Critical Threshold"
        suffix={unit}
        value={detail.criticalThreshold}
        error={errors.criticalThreshold}
        disabled={disabled}
        onChange={(v) => onChange('criticalThreshold', v)}
      />
      <NumberField
        label="Sliding Window"
        suffix="h"
        value={detail.slidingWindowSizeInHours}
        error={errors.slidingWindowSizeInHours}
        disabled={disabled}
        onChange={(v) => onChange('slidingWindowSizeInHours', v)}
      />
      <NumberField
        label="Reset Evaluation Period"
        suffix="h"
        value={detail.resetEvaluationPeriodInHours}
        error={errors.resetEvaluationPeriodInHours}
        disabled={disabled}
        onChange={(v) => onChange('resetEvaluationPeriodInHours', v)}
      />
      <label className="col-span-2 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={detail.triggersLdarWorkflow}
          disabled={disabled}
          onChange={(e) => onChange('triggersLdarWorkflow', e.target.checked)}
        />
        Triggers LDAR workflow
      </label>
    </div>
  );
}

export const detailOf = (d: AlarmDetailForm): AlarmDetailForm => ({
  calculationMethod: d.calculationMethod,
  hiThreshold: d.hiThreshold,
  hiHiThreshold: d.hiHiThreshold,
  criticalThreshold: d.criticalThreshold,
  slidingWindowSizeInHours: d.slidingWindowSizeInHours,
  resetEvaluationPeriodInHours: d.resetEvaluationPeriodInHours,
  triggersLdarWorkflow: d.triggersLdarWorkflow,
});
