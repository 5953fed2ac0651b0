// Emission Trends (spec 3 §2, §4, §9): bars per period, stacked by site, source category or alarm level (five named
// groups, the rest 'Other'), with the projection of the period under way, targets, and the toggled baseline and
// normalized-rate lines.
import type { EmissionTotal, PeriodGroupedEmission } from '@/contracts/emission';
import { CHART_MIN_Y_MAX, NO_EMISSIONS, RATE_AXIS_MIN_MAX, stackGroups, type StackBy } from '@/domain/emission';
import { PeriodBarChart } from '@/ui/chart/period-bar-chart';
import type { BarStack, ChartLine } from '@/ui/chart/period-bar-layout';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';

export const GROUP_COLOURS = ['#0e7490', '#f59e0b', '#7c3aed', '#16a34a', '#db2777', '#94a3b8'];
const LEVEL_COLOURS: Record<string, string> = {
  'Below HI': '#94a3b8',
  HI: '#f59e0b',
  'HI-HI': '#ea580c',
  Critical: '#dc2626',
};

interface Props {
  totals: readonly EmissionTotal[];
  grouped: readonly PeriodGroupedEmission[] | undefined;
  stackBy: StackBy;
  showBaseline: boolean;
  showNormalized: boolean;
  units: Ch4Units;
}

export function TrendsChart({ totals, grouped, stackBy, showBaseline, showNormalized, units }: Props) {
  if (totals.every((t) => t.totalEmissions === 0))
    return <p className="py-8 text-center text-sm text-base-content/70">{NO_EMISSIONS}</p>;
  const categories = totals.map((t) => `${t.periodName} ${t.year}`);
  let stacks: BarStack[];
  if (stackBy === 'None' || !grouped) {
    stacks = [
      { name: 'Emissions', color: GROUP_COLOURS[0]!, values: totals.map((t) => units.volume(t.totalEmissions)) },
    ];
  } else {
    const { groups, values } = stackGroups(grouped, stackBy, totals);
    stacks = groups.map((g, i) => ({
      name: g,
      color:
        stackBy === 'Alarm Level'
          ? (LEVEL_COLOURS[g] ?? GROUP_COLOURS[5]!)
          : g === 'Other'
            ? GROUP_COLOURS[5]!
            : GROUP_COLOURS[i % 5]!,
      values: values[i]!.map(units.volume),
    }));
  }
  const vol = (v: number | null) => (v === null ? null : units.volume(v));
  const lines: ChartLine[] = [
    { name: 'Target', color: '#dc2626', values: totals.map((t) => vol(t.targetEmissions)) },
    ...(showBaseline
      ? [{ name: 'Site Baseline', color: '#16a34a', dashed: true, values: totals.map((t) => vol(t.baseline)) }]
      : []),
    ...(showNormalized
      ? [
          {
            name: `Normalized Rate (${units.rateLabel})`,
            color: '#0f172a',
            rightAxis: true,
            values: totals.map((t) =>
              t.normalizedEmissionRate === null ? null : units.rate(t.normalizedEmissionRate),
            ),
          },
        ]
      : []),
  ].filter((l) => l.values.some((v) => v !== null));
  return (
    <PeriodBarChart
      label="Emission trends"
      categories={categories}
      stacks={stacks}
      lines={lines}
      projection={{ name: 'Projected', color: '#7c3aed', values: totals.map((t) => vol(t.projectedEmissions)) }}
      formatValue={(v) => `${Math.round(v).toLocaleString('en-US')} ${units.volumeLabel}`}
      formatRight={(v) => v.toFixed(2)}
      minYMax={CHART_MIN_Y_MAX}
      minRightMax={RATE_AXIS_MIN_MAX}
      height={280}
    />
  );
}
