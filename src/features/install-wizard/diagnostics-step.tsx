// The wizard's Diagnostics step (spec 2 §4 'Wizard'): polls the new installation's readings every 5 seconds, asking
// only for what is newer than the points it holds, merges them by time, and draws each as a small live chart.
import { useEffect, useRef, useState } from 'react';
import { callEndpoint } from '@/api/endpoint-client';
import { deviceDiagnosticsEndpoint } from '@/contracts/device';
import { DIAGNOSTIC_TYPES, DIAGNOSTICS_POLL_MS, LIVE_DATA_LOADING } from '@/domain/install-wizard';
import { measurementType } from '@/domain/measurement-type';
import { measurementInDisplayUnit } from '@/domain/units';
import { useSession } from '@/ui/session-context';

type Series = Map<number, number>;

/** Points of two lists in time order, the newer value winning on the same time. */
function merge(into: Series, points: readonly (readonly [number, number])[]): Series {
  const next = new Map(into);
  for (const [t, v] of points) next.set(t, v);
  return new Map([...next.entries()].sort((a, b) => a[0] - b[0]));
}

function Sparkline({ label, unit, series }: { label: string; unit: string; series: Series }) {
  const points = [...series.entries()];
  const last = points.at(-1);
  const values = points.map(([, v]) => v);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const t0 = points[0]?.[0] ?? 0;
  const tSpan = (last?.[0] ?? 1) - t0 || 1;
  const path = points
    .map(
      ([t, v], i) =>
        `${i ? 'L' : 'M'}${(((t - t0) / tSpan) * 100).toFixed(2)},${(38 - ((v - min) / span) * 36).toFixed(2)}`,
    )
    .join(' ');
  return (
    <figure className="rounded-box border border-base-300 p-2">
      <figcaption className="flex justify-between text-base">
        <span>{label}</span>
        <span className="font-semibold tabular-nums">{last ? `${last[1].toFixed(2)} ${unit}` : '—'}</span>
      </figcaption>
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="h-16 w-full"
        role="img"
        aria-label={`${label}: ${points.length} readings`}
      >
        {points.length > 1 && (
          <path
            d={path}
            fill="none"
            stroke="var(--color-primary)"
            strokeWidth="1.5"
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
    </figure>
  );
}

export function DiagnosticsStep({ installationId }: { installationId: number }) {
  const { organization, user } = useSession();
  const units = user.userSettings.unitConfiguration;
  const [series, setSeries] = useState<Map<number, Series>>(new Map());
  const [wind, setWind] = useState<Series>(new Map());
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ series, wind });
  latest.current = { series, wind };

  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      const { series: s, wind: w } = latest.current;
      const from = DIAGNOSTIC_TYPES.flatMap((type) => {
        const last = [...(s.get(type)?.keys() ?? [])].at(-1);
        return last === undefined ? [] : [`${type}:${new Date(last).toISOString()}`];
      });
      const lastWind = [...w.keys()].at(-1);
      try {
        const d = await callEndpoint(deviceDiagnosticsEndpoint, {
          query: {
            organizationId: organization!.id,
            deviceInstallationId: installationId,
            deviceMeasurementFromTimes: from,
            ...(lastWind ? { windDataFromTime: new Date(lastWind).toISOString() } : {}),
          },
        });
        if (stopped) return;
        setError(null);
        setSeries((prev) => {
          const next = new Map(prev);
          for (const [type, points] of Object.entries(d.deviceMeasurements))
            next.set(Number(type), merge(prev.get(Number(type)) ?? new Map(), points));
          return next;
        });
        setWind((prev) =>
          merge(
            prev,
            d.windData.flatMap((p) => (p.windSpeed === null ? [] : [[p.time, p.windSpeed] as const])),
          ),
        );
      } catch (e) {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      }
    };
    void poll();
    const timer = window.setInterval(() => void poll(), DIAGNOSTICS_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [installationId, organization]);

  const empty = [...series.values()].every((s) => s.size === 0) && wind.size === 0;
  return (
    <section className="grid gap-3" aria-label="Live diagnostics">
      {error && <p className="text-sm text-error">{error}</p>}
      {empty && (
        <p className="flex items-center gap-2 text-base" role="status">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {LIVE_DATA_LOADING}
        </p>
      )}
      {DIAGNOSTIC_TYPES.map((type) => {
        const t = measurementType(type);
        const s = series.get(type) ?? new Map<number, number>();
        const unit = measurementInDisplayUnit(0, t.unitKind, units).label;
        const shown = new Map(
          [...s.entries()].map(([k, v]) => [k, measurementInDisplayUnit(v, t.unitKind, units).value]),
        );
        return <Sparkline key={type} label={t.label} unit={unit} series={shown} />;
      })}
      <Sparkline
        label="Wind Speed"
        unit={measurementInDisplayUnit(0, 'speed', units).label}
        series={new Map([...wind.entries()].map(([k, v]) => [k, measurementInDisplayUnit(v, 'speed', units).value]))}
      />
    </section>
  );
}
