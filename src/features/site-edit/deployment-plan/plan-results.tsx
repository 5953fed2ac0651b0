// What a plan achieves (spec 3 §3 'Deployment plan', §9): the coverage of the plan shown (total and per source, as
// 0–5 scores) with its wind rose, and the history table of the saved plan beside the latest unsaved Preview.
import type { DevicePlacementResult, PlanSource } from '@/contracts/deployment-plan';
import { RELATIVE_IMPORTANCE, scoreBand, scoreOf } from '@/domain/deployment-plan';
import { WindRose } from '@/ui/chart/wind-rose/wind-rose';
import { HISTORY_ROWS, type HistoryColumn } from './plan-draft';

const BAND_CLASS = {
  poor: 'badge-error',
  fair: 'badge-warning',
  good: 'badge-info',
  excellent: 'badge-success',
} as const;

function ScoreBadge({ coverage }: { coverage: number }) {
  const score = scoreOf(coverage);
  const band = scoreBand(score);
  return (
    <span className={`badge badge-sm ${BAND_CLASS[band]}`} title={`${band} (0 poor to 5 excellent)`}>
      {score.toFixed(1)} · {band}
    </span>
  );
}

export function CoverageSection({ shown, sources }: { shown: DevicePlacementResult; sources: readonly PlanSource[] }) {
  const sourceOf = new Map(sources.map((s) => [s.id, s]));
  return (
    <section aria-labelledby="coverage-title" className="flex flex-col gap-2">
      <h3 id="coverage-title" className="font-semibold">
        Coverage
      </h3>
      <p className="text-sm">
        Total score <ScoreBadge coverage={shown.totalCoverage} /> ({(shown.totalCoverage * 100).toFixed(1)}% weighted
        coverage, {shown.devicePlacements.length} devices)
      </p>
      {shown.sourceCoverage.length > 0 && (
        <table className="table table-xs" aria-label="Source scores">
          <thead className="text-base-content">
            <tr>
              <th>Source</th>
              <th>Importance</th>
              <th>Score</th>
            </tr>
          </thead>
          <tbody>
            {shown.sourceCoverage.map((s) => (
              <tr key={s.id}>
                <td>{sourceOf.get(s.id)?.name ?? `Source ${s.id}`}</td>
                <td>
                  {RELATIVE_IMPORTANCE.find((r) => r.value === sourceOf.get(s.id)?.relativeImportance)?.name ?? ''}
                </td>
                <td>
                  <ScoreBadge coverage={s.coverage} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <WindRose rose={shown.windRoseProbability} />
    </section>
  );
}

export function PlanHistory({ saved, unsaved }: { saved: HistoryColumn | null; unsaved: HistoryColumn | null }) {
  return (
    <section aria-labelledby="history-title">
      <h3 id="history-title" className="mb-1 font-semibold">
        History
      </h3>
      <table className="table table-xs" aria-label="Deployment plan history">
        <thead className="text-base-content">
          <tr>
            <th scope="col">
              <span className="sr-only">Field</span>
            </th>
            <th scope="col">Saved</th>
            <th scope="col">Latest unsaved</th>
          </tr>
        </thead>
        <tbody>
          {HISTORY_ROWS.map(([label, key]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{saved ? saved[key] : key === 'time' ? 'Not saved yet' : ''}</td>
              <td>{unsaved ? unsaved[key] : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
