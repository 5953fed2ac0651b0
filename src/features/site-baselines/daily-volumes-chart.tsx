// A calculation's daily volumes: included days as teal bars, days excluded by an activity in grey.
import type { BaselineCalculationAnswer } from '@/contracts/emission';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';

export function DailyVolumesChart({
  days,
  units,
}: {
  days: BaselineCalculationAnswer['dailyVolumes'];
  units: Ch4Units;
}) {
  if (days.length === 0) return null;
  const max = Math.max(...days.map((d) => d.includedVolume + d.excludedVolume), 1e-9);
  const w = 600;
  const h = 90;
  const bar = w / days.length;
  const excluded = days.filter((d) => d.excludedVolume > 0).length;
  return (
    <figure className="grid gap-1">
      <svg
        viewBox={`0 0 ${w} ${h}`}
        preserveAspectRatio="none"
        className="h-24 w-full"
        role="img"
        aria-label={`Daily volumes: ${days.length} days, ${excluded} excluded`}
      >
        {days.map((d, i) => {
          const v = d.includedVolume + d.excludedVolume;
          const bh = (v / max) * (h - 4);
          return (
            <rect
              key={d.startTime}
              x={i * bar + bar * 0.1}
              y={h - bh}
              width={bar * 0.8}
              height={bh}
              fill={d.excludedVolume > 0 ? '#94a3b8' : '#0e7490'}
            >
              <title>{`${d.startTime}: ${units.formatVolume(v)}${d.excludedVolume > 0 ? ' (excluded)' : ''}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-base-content/70">
        <span>{days[0]!.startTime}</span>
        <span>{`Max day ${units.formatVolume(max)} · grey: excluded by an activity`}</span>
        <span>{days[days.length - 1]!.startTime}</span>
      </figcaption>
    </figure>
  );
}
