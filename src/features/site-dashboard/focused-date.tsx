// The dashboard's focused date on the map (spec 3 §2 'wind trails with speed labels when a date is focused'): a click
// on a chart focuses its time; this line says what the map shows for it and clears it. Its date control gives keyboard
// users the same: a slider over the range (arrow keys step by the charts' resolution, Escape clears).
import type { KeyboardEvent } from 'react';
import type { TimeRange } from '@/domain/date-range';
import { formatDateTime } from '@/domain/format';
import { WIND_TRAIL_LENGTH } from '@/domain/wind-trail';
import { useSession } from '@/ui/session-context';
import { focusKeyTime } from './dashboard-focus';
import type { WindTrails } from './wind-trails';

export function FocusedDate({
  focusTime,
  range,
  trails,
  onPick,
  onClear,
}: {
  focusTime: number | null;
  range: TimeRange;
  trails: WindTrails;
  onPick: (time: number) => void;
  onClear: () => void;
}) {
  const { ianaTimezoneId, timeFormat } = useSession().user.userSettings;
  const control = (
    <FocusKeys
      time={focusTime}
      range={range}
      text={focusTime === null ? null : formatDateTime(focusTime, ianaTimezoneId, timeFormat)}
      onPick={onPick}
      onClear={onClear}
    />
  );
  if (focusTime === null)
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2">
        {control}
        <p className="text-xs text-base-content/70">
          Click a chart to focus a date: the map then draws the wind trail at each device.
        </p>
      </div>
    );
  const n = trails.labels.length;
  const status = trails.error
    ? trails.error.message
    : trails.loading
      ? 'loading wind trails…'
      : n === 0
        ? `no device has wind in the ${WIND_TRAIL_LENGTH} minutes before it`
        : `wind trails (where the air came from over the ${WIND_TRAIL_LENGTH} minutes before) at ${trails.labels.map((l) => `${l.device} ${l.speed}`).join(', ')}${trails.scaleNote ? `; ${trails.scaleNote}` : ''}`;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      {control}
      <div className="flex flex-1 flex-wrap items-center gap-2 text-xs" role="status" aria-label="Focused date">
        <span className="badge badge-outline badge-sm">{`Focused: ${formatDateTime(focusTime, ianaTimezoneId, timeFormat)}`}</span>
        <span className={trails.error ? 'text-error' : 'text-base-content/80'}>{status}</span>
        <button type="button" className="btn btn-ghost btn-xs" onClick={onClear}>
          Clear focus
        </button>
      </div>
    </div>
  );
}

/** The keyboard's way to focus a date: a slider over the range, its value the focused time. */
function FocusKeys({
  time,
  range,
  text,
  onPick,
  onClear,
}: {
  time: number | null;
  range: TimeRange;
  text: string | null;
  onPick: (time: number) => void;
  onClear: () => void;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    const next = focusKeyTime(e.key, time, range);
    if (next === undefined) return;
    e.preventDefault();
    if (next === null) onClear();
    else onPick(next);
  };
  return (
    <span
      role="slider"
      tabIndex={0}
      aria-label="Focus a date (arrow keys step, Escape clears)"
      aria-valuemin={range.start}
      aria-valuemax={range.end}
      aria-valuenow={time ?? range.end}
      aria-valuetext={text ?? 'No date focused'}
      title="Arrow keys step the focused date by the charts' resolution; Page Up/Down by ten, Home/End to the range's ends, Escape clears"
      className="kbd kbd-sm cursor-default select-none focus-visible:outline-2 focus-visible:outline-primary"
      onKeyDown={onKeyDown}
    >
      <span aria-hidden="true">◀ ▶</span>
    </span>
  );
}
