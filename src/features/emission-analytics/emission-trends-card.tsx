// The Emission Trends widget (spec 3 §2, §4): Stack by, the Normalized Rate toggle (forced off with one site in
// scope) and the Site Baseline toggle (exactly one site), over the trends chart; while new periods load the
// previous chart stays, dimmed, so the page does not jump.
import { useState } from 'react';
import type { EmissionTotal, PeriodGroupedEmission } from '@/contracts/emission';
import { STACK_BY, type StackBy } from '@/domain/emission';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';
import { Spinner } from '@/ui/spinner';
import { TrendsChart } from './trends-chart';

export function EmissionTrendsCard({
  totals,
  grouped,
  loading,
  stale,
  stackBy,
  onStackBy,
  oneSite,
  units,
}: {
  totals: readonly EmissionTotal[] | undefined;
  grouped: readonly PeriodGroupedEmission[] | undefined;
  loading: boolean;
  stale: boolean;
  stackBy: StackBy;
  onStackBy: (next: StackBy) => void;
  oneSite: boolean;
  units: Ch4Units;
}) {
  const [normalized, setNormalized] = useState(false);
  const [baseline, setBaseline] = useState(false);
  const showNormalized = normalized && !oneSite;
  const showBaseline = baseline && oneSite;
  return (
    <section className="card min-w-0 border border-base-300 bg-base-100" aria-label="Emission Trends">
      <div className="card-body gap-3 p-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="card-title grow text-base">Emission Trends</h2>
          <label className="flex items-center gap-2 text-sm">
            Stack by
            <select
              className="select select-sm w-40"
              aria-label="Stack by"
              value={stackBy}
              onChange={(e) => onStackBy(e.target.value as StackBy)}
            >
              {STACK_BY.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
          <TrendToggle
            label="Normalized Rate"
            checked={showNormalized}
            disabledTip={oneSite ? 'Needs more than one site in scope' : undefined}
            onChange={setNormalized}
          />
          <TrendToggle
            label="Site Baseline"
            checked={showBaseline}
            disabledTip={oneSite ? undefined : 'Choose exactly one site to show its baseline'}
            onChange={setBaseline}
          />
        </div>
        {loading ? (
          <Spinner />
        ) : (
          <div className={`relative ${stale ? 'opacity-50' : ''}`} aria-busy={stale}>
            <TrendsChart
              totals={totals ?? []}
              grouped={grouped}
              stackBy={stackBy}
              showBaseline={showBaseline}
              showNormalized={showNormalized}
              units={units}
            />
            {stale && (
              <span className="loading loading-spinner loading-md absolute left-1/2 top-1/3" aria-label="Loading" />
            )}
          </div>
        )}
      </div>
    </section>
  );
}

/** A chart toggle, disabled with a tooltip saying why when the sites in scope do not allow it. */
function TrendToggle({
  label,
  checked,
  disabledTip,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabledTip: string | undefined;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm ${disabledTip ? 'tooltip' : ''}`} data-tip={disabledTip}>
      <input
        type="checkbox"
        className="toggle toggle-sm"
        checked={checked}
        disabled={disabledTip !== undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
