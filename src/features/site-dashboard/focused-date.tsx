// The dashboard's focused date on the map (spec 3 §2 'wind trails with speed labels when a date is focused'): a click
// on a chart focuses its time; this line says what the map shows for it and clears it.
import { formatDateTime } from '@/domain/format';
import { WIND_TRAIL_LENGTH } from '@/domain/wind-trail';
import { useSession } from '@/ui/session-context';
import type { WindTrails } from './wind-trails';

export function FocusedDate({
  focusTime,
  trails,
  onClear,
}: {
  focusTime: number | null;
  trails: WindTrails;
  onClear: () => void;
}) {
  const { ianaTimezoneId, timeFormat } = useSession().user.userSettings;
  if (focusTime === null)
    return (
      <p className="mt-1 text-xs text-base-content/70">
        Click a chart to focus a date: the map then draws the wind trail at each device.
      </p>
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
    <div className="mt-1 flex flex-wrap items-center gap-2 text-xs" role="status" aria-label="Focused date">
      <span className="badge badge-outline badge-sm">{`Focused: ${formatDateTime(focusTime, ianaTimezoneId, timeFormat)}`}</span>
      <span className={trails.error ? 'text-error' : 'text-base-content/80'}>{status}</span>
      <button type="button" className="btn btn-ghost btn-xs" onClick={onClear}>
        Clear focus
      </button>
    </div>
  );
}
