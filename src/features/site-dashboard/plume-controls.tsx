// The simulated plumes layer's controls under the map (the plume alert, play/pause, the frame slider and its time,
// the empty message), its toggle among the map's layer toggles, and the CH4 legend drawn over the map (spec 3 §9:
// ticks 1, 5, 25, 100, 500, the top one '>').
import { formatDateTime } from '@/domain/format';
import { PLUME_TEXT, plumeLegendLabels } from '@/domain/plume';
import { useSession } from '@/ui/session-context';
import type { PlumeAnimation } from './plume-animation';
import { plumeLegendGradient, plumeLegendTickPositions } from './plume-scale';

const ALERT_CLASS = { error: 'alert-error', info: 'alert-info', success: 'alert-success' } as const;

export function PlumeToggle({ plume }: { plume: PlumeAnimation }) {
  return (
    <label className="flex cursor-pointer items-center gap-1.5">
      <input
        type="checkbox"
        className="checkbox checkbox-xs"
        checked={plume.on}
        onChange={(e) => plume.setOn(e.target.checked)}
      />
      Simulated plumes
    </label>
  );
}

export function PlumeControls({ plume }: { plume: PlumeAnimation }) {
  const { ianaTimezoneId, timeFormat } = useSession().user.userSettings;
  if (!plume.on) return null;
  const time = plume.times[plume.index];
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm" role="group" aria-label="Simulated plumes">
      {plume.alert && (
        <p role="status" className={`alert alert-soft ${ALERT_CLASS[plume.alert.tone]} w-auto px-3 py-1 text-sm`}>
          {plume.alert.text}
        </p>
      )}
      {plume.error && (
        <p role="alert" className="text-error">
          {plume.error.message}
        </p>
      )}
      {plume.empty ? (
        <p>{PLUME_TEXT.empty}</p>
      ) : plume.times.length > 0 ? (
        <>
          <button
            type="button"
            className="btn btn-xs"
            aria-pressed={plume.playing}
            onClick={() => plume.setPlaying(!plume.playing)}
          >
            {plume.playing ? 'Pause plume' : 'Play plume'}
          </button>
          <input
            type="range"
            className="range range-xs w-48"
            aria-label="Plume frame"
            min={0}
            max={plume.times.length - 1}
            value={plume.index}
            onChange={(e) => plume.setIndex(Number(e.target.value))}
          />
          <span className="tabular-nums" aria-live="off">
            {`Simulated plume at ${time === undefined ? '' : formatDateTime(time, ianaTimezoneId, timeFormat)} (${plume.index + 1} of ${plume.times.length})`}
          </span>
        </>
      ) : null}
      {plume.loading && (
        <span className="loading loading-spinner loading-xs" role="status" aria-label="Loading plumes" />
      )}
    </div>
  );
}

/** A vertical colour bar with the spec's ticks, bottom 1 ppm, top '>500'. */
export function PlumeLegend({ plume }: { plume: PlumeAnimation }) {
  if (!plume.on || plume.times.length === 0) return null;
  const labels = plumeLegendLabels();
  const positions = plumeLegendTickPositions();
  return (
    <figure
      className="absolute bottom-2 right-2 z-10 rounded-box bg-base-100/90 p-2 text-xs shadow"
      aria-label="Simulated plume CH4 legend"
    >
      <figcaption className="mb-1 font-medium">CH4 (ppm)</figcaption>
      <div className="relative h-28 w-14">
        <div className="absolute inset-y-0 left-0 w-3 rounded-sm" style={{ background: plumeLegendGradient() }} />
        {labels.map((label, i) => (
          <span
            key={label}
            className="absolute left-5 -translate-y-1/2 tabular-nums leading-none"
            style={{ top: `${(1 - positions[i]!) * 100}%` }}
          >
            {label}
          </span>
        ))}
      </div>
    </figure>
  );
}
