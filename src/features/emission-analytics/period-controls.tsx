// Period type, periods visible, and back / forward by a period (forward is off while the window reaches now).
import { BUCKET_INTERVALS, FUTURE_TOOLTIP, periodsVisibleOptions, type BucketInterval } from '@/domain/emission';
import type { TrendWindowControls } from './use-trend-window';

export function PeriodControls({ controls: c }: { controls: TrendWindowControls }) {
  const forward = c.canStepForward;
  return (
    <>
      <select
        className="select select-sm w-36"
        aria-label="Period type"
        value={c.bucket}
        onChange={(e) => c.setBucket(e.target.value as BucketInterval)}
      >
        {BUCKET_INTERVALS.map((b) => (
          <option key={b}>{b}</option>
        ))}
      </select>
      <select
        className="select select-sm w-36"
        aria-label="Periods visible"
        value={c.periods}
        onChange={(e) => c.setPeriods(Number(e.target.value))}
      >
        {periodsVisibleOptions(c.bucket).map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      <div className="join">
        <button type="button" className="btn btn-sm join-item" aria-label="Previous period" onClick={() => c.step(-1)}>
          ‹
        </button>
        <span className={forward ? '' : 'tooltip tooltip-left'} data-tip={forward ? undefined : FUTURE_TOOLTIP}>
          <button
            type="button"
            className="btn btn-sm join-item"
            aria-label={forward ? 'Next period' : `Next period: ${FUTURE_TOOLTIP}`}
            disabled={!forward}
            onClick={() => c.step(1)}
          >
            ›
          </button>
        </span>
      </div>
    </>
  );
}
