// The KPI tiles above a list (Sites, Devices): a label and a count each, a dash while loading.
export function KpiTiles({
  tiles,
  loading,
}: {
  tiles: readonly (readonly [label: string, value: number])[];
  loading: boolean;
}) {
  return (
    <dl className="stats stats-horizontal w-fit border border-base-300">
      {tiles.map(([label, value]) => (
        <div key={label} className="stat px-6 py-3">
          <dt className="stat-title text-base-content/80">{label}</dt>
          <dd className="stat-value text-2xl tabular-nums">{loading ? '–' : value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}
