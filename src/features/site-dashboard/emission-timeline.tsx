// Emission Timeline (spec 3 §2): a site row with every emission over the range and a row per source, the first five
// sources until 'Show More Sources'. A bar runs from an emission's start to its end (to now while processing), coloured
// by the alarm level it reached; its tooltip tells the source, times and volume. Clicking a bar zooms to it and focuses
// it (its candidate sources on the map's Localization layer).
import { useState } from 'react';
import type { SiteEmission } from '@/contracts/site-dashboard';
import type { TimeRange } from '@/domain/date-range';
import { NO_EMISSIONS } from '@/domain/emission';
import { formatDateTime } from '@/domain/format';
import { emissionLinkRange, timelineSources, TIMELINE_SOURCES_SHOWN } from '@/domain/site-dashboard';
import { Spinner } from '@/ui/spinner';
import { useSession } from '@/ui/session-context';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import { useElementWidth } from '@/ui/hooks/use-element-width';
import { useFocusedEmission } from './localization';

const ROW = 26;
const LABEL = 150;
/** Under every threshold, Hi, HiHi, Critical. */
const SEVERITY_FILL = ['#f59e0b', '#ea580c', '#dc2626'];
const NO_SEVERITY_FILL = '#0e7490';

export function EmissionTimeline({
  emissions,
  loading,
  range,
}: {
  emissions: readonly SiteEmission[] | undefined;
  loading: boolean;
  range: TimeRange;
}) {
  const { user } = useSession();
  const units = useCh4Units();
  const [showAll, setShowAll] = useState(false);
  const [focusedId, focus] = useFocusedEmission();
  const [host, width] = useElementWidth(600, 300);
  const list = emissions ?? [];
  // Sources by the volume they emitted in the range, largest first.
  const volumeBySource = new Map<string, number>();
  for (const e of list)
    volumeBySource.set(
      e.sourceName ?? 'Unknown source',
      (volumeBySource.get(e.sourceName ?? 'Unknown source') ?? 0) + e.totalVolume,
    );
  const sources = [...volumeBySource.keys()].sort((a, b) => volumeBySource.get(b)! - volumeBySource.get(a)!);
  const rows = ['Site', ...timelineSources(sources, showAll)];
  const plot = Math.max(50, width - LABEL);
  const now = Date.now();
  const x = (t: number) =>
    LABEL + ((Math.min(Math.max(t, range.start), range.end) - range.start) / (range.end - range.start)) * plot;
  const time = (v: string) => formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-2" aria-label="Emissions Timeline chart">
      <div className="mb-1 flex items-center justify-between">
        <h3 className="text-sm font-semibold">Emissions Timeline</h3>
        {sources.length > TIMELINE_SOURCES_SHOWN && (
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Show Less Sources' : 'Show More Sources'}
          </button>
        )}
      </div>
      <div ref={host} className="w-full">
        {loading && !emissions ? (
          <Spinner label="Loading emissions" />
        ) : list.length === 0 ? (
          <p className="py-4 text-center text-sm text-base-content/70">{NO_EMISSIONS}</p>
        ) : (
          <svg
            width={width}
            height={rows.length * ROW + 4}
            role="img"
            aria-label={`${list.length} emissions at the site and ${sources.length} sources over the selected time range`}
          >
            {rows.map((name, r) => (
              <g key={name} transform={`translate(0 ${r * ROW})`}>
                <rect x={LABEL} y={2} width={plot} height={ROW - 4} fill="currentColor" opacity={r % 2 ? 0.03 : 0.06} />
                <text x={4} y={ROW / 2 + 4} fontSize={12} fill="currentColor" fontWeight={r === 0 ? 600 : 400}>
                  {name.length > 22 ? `${name.slice(0, 21)}…` : name}
                </text>
                {list
                  .filter((e) => r === 0 || (e.sourceName ?? 'Unknown source') === name)
                  .map((e) => {
                    const start = x(Date.parse(e.startTime));
                    const end = x(e.endTime ? Date.parse(e.endTime) : now);
                    return (
                      <rect
                        key={e.id}
                        x={start}
                        y={5}
                        width={Math.max(2, end - start)}
                        height={ROW - 10}
                        rx={2}
                        fill={e.severity === null ? NO_SEVERITY_FILL : (SEVERITY_FILL[e.severity] ?? NO_SEVERITY_FILL)}
                        className="cursor-pointer"
                        stroke={e.id === focusedId ? '#111827' : undefined}
                        strokeWidth={e.id === focusedId ? 2 : undefined}
                        onClick={() => focus(e.id, emissionLinkRange(e, now))}
                      >
                        <title>{`${e.sourceName ?? 'Unknown source'} (${e.sourceCategoryName}): ${time(e.startTime)} – ${e.endTime ? time(e.endTime) : 'processing'}, ${units.formatVolume(e.totalVolume)} at ${units.formatRate(e.rate)}`}</title>
                      </rect>
                    );
                  })}
              </g>
            ))}
          </svg>
        )}
      </div>
    </section>
  );
}
