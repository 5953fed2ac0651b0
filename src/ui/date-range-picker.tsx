// The shared date-range picker (spec 2 §2, §5, §9): quick ranges, from/to pickers with the dialog's rules, the
// history of the last five, step back/forward and zoom in/out. The range lives in the URL (start, end as ISO) and
// reaches the page debounced by 500 ms, so stepping quickly asks for data once.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '@/domain/format';
import {
  atLeastMinimum,
  canStepForward,
  canZoomIn,
  canZoomOut,
  confirmRange,
  pushHistory,
  QUICK_RANGES,
  quickRange,
  RANGE_DEBOUNCE_MS,
  rangeFromParams,
  rangeToParams,
  stepRange,
  zoomRange,
  type TimeRange,
} from '@/domain/date-range';
import { Popover } from './popover';
import { useSession } from './session-context';

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** The page's range from the URL (or the default last N days), and a setter that writes the URL. */
export function useUrlTimeRange(defaultDays: number): {
  range: TimeRange;
  debounced: TimeRange;
  setRange: (r: TimeRange) => void;
} {
  const [params, setParams] = useSearchParams();
  const fromUrl = rangeFromParams(params.get('start'), params.get('end'));
  const [fallback] = useState<TimeRange>(() => {
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    return { start: now - defaultDays * 86_400_000, end: now };
  });
  const range = useMemo(() => fromUrl ?? fallback, [fromUrl?.start, fromUrl?.end, fallback]); // eslint-disable-line react-hooks/exhaustive-deps
  const setRange = useCallback(
    (r: TimeRange) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          const { start, end } = rangeToParams(r);
          next.set('start', start);
          next.set('end', end);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [debounced, setDebounced] = useState(range);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(range), RANGE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [range]);
  return { range, debounced, setRange };
}

/** `maxDays` narrows the longest range (Device Uptime: 90 days); quick ranges longer than it are disabled. */
export function DateRangePicker({
  range,
  onChange,
  maxDays,
}: {
  range: TimeRange;
  onChange: (r: TimeRange) => void;
  maxDays?: number;
}) {
  const { user } = useSession();
  const tz = user.userSettings.ianaTimezoneId;
  const timeFormat = user.userSettings.timeFormat;
  const [history, setHistory] = useState<TimeRange[]>([]);
  const apply = (r: TimeRange) => {
    setHistory((h) => pushHistory(h, r));
    onChange(r);
  };
  const now = Date.now();
  const label = `${formatDateTime(range.start, tz, timeFormat)} – ${formatDateTime(range.end, tz, timeFormat)}`;
  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Time range">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label="Step back"
        title="Step back"
        onClick={() => apply(stepRange(range, -1, now))}
      >
        ‹
      </button>
      <Popover
        label={label}
        buttonClassName="btn btn-outline btn-sm font-normal tabular-nums"
        haspopup="dialog"
        panelClassName="absolute left-0 top-full z-40 mt-1"
      >
        {(close) => (
          <RangePanel
            range={range}
            history={history}
            tz={tz}
            timeFormat={timeFormat}
            maxDays={maxDays}
            onApply={(r) => {
              apply(r);
              close();
            }}
          />
        )}
      </Popover>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label="Step forward"
        title="Step forward"
        disabled={!canStepForward(range, now)}
        onClick={() => apply(stepRange(range, 1, now))}
      >
        ›
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label="Zoom in"
        title="Zoom in"
        disabled={!canZoomIn(range)}
        onClick={() => apply(zoomRange(range, 'in', now))}
      >
        +
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-label="Zoom out"
        title="Zoom out"
        disabled={!canZoomOut(range, maxDays)}
        onClick={() => apply(zoomRange(range, 'out', now, maxDays))}
      >
        −
      </button>
    </div>
  );
}

function RangePanel({
  range,
  history,
  tz,
  timeFormat,
  maxDays,
  onApply,
}: {
  range: TimeRange;
  history: TimeRange[];
  tz: string;
  timeFormat: '12-hr' | '24-hr';
  maxDays?: number;
  onApply: (r: TimeRange) => void;
}) {
  const toInput = (t: number) => format(new TZDate(t, tz), LOCAL_INPUT);
  // The inputs hold wall time in the user's time zone.
  const fromInput = (v: string): number | null => {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v);
    if (!m) return null;
    return new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), tz).getTime();
  };
  const [from, setFrom] = useState(toInput(range.start));
  const [to, setTo] = useState(toInput(range.end));
  const [problem, setProblem] = useState<string | null>(null);
  const max = toInput(Date.now());
  const firstRef = useRef<HTMLButtonElement>(null);
  useEffect(() => firstRef.current?.focus(), []);
  return (
    <div
      role="dialog"
      aria-label="Choose a time range"
      className="flex w-[34rem] max-w-[90vw] gap-4 rounded-box border border-base-300 bg-base-100 p-3 shadow-lg"
    >
      <div className="flex w-40 flex-col">
        <h3 className="mb-1 text-xs font-semibold uppercase text-base-content/70">Quick ranges</h3>
        {QUICK_RANGES.map((q, i) => {
          const now = Math.floor(Date.now() / 60_000) * 60_000;
          const r = atLeastMinimum(quickRange(q, now, tz));
          const tooLong = maxDays !== undefined && r.end - r.start > maxDays * 86_400_000;
          return (
            <button
              key={q}
              ref={i === 0 ? firstRef : undefined}
              type="button"
              className="btn btn-ghost btn-xs justify-start"
              disabled={tooLong}
              onClick={() => onApply(r)}
            >
              {q}
            </button>
          );
        })}
      </div>
      <div className="flex flex-1 flex-col gap-2">
        <form
          className="grid gap-2"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const result = confirmRange(
              fromInput(from),
              fromInput(to),
              Date.now(),
              maxDays === undefined ? undefined : { maxDays },
            );
            if ('problem' in result) setProblem(result.problem);
            else onApply(result.range);
          }}
        >
          <label className="form-control">
            <span className="label-text text-xs">From</span>
            <input
              type="datetime-local"
              className="input input-sm"
              value={from}
              max={max}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className="form-control">
            <span className="label-text text-xs">To</span>
            <input
              type="datetime-local"
              className="input input-sm"
              value={to}
              max={max}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          {problem && (
            <p role="alert" className="text-xs text-error">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-sm self-end" disabled={!from || !to}>
            Apply
          </button>
        </form>
        {history.length > 0 && (
          <div>
            <h3 className="mb-1 text-xs font-semibold uppercase text-base-content/70">Recent</h3>
            {history.map((h) => (
              <button
                key={`${h.start}-${h.end}`}
                type="button"
                className="btn btn-ghost btn-xs w-full justify-start font-normal tabular-nums"
                onClick={() => onApply(h)}
              >
                {formatDateTime(h.start, tz, timeFormat)} – {formatDateTime(h.end, tz, timeFormat)}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
