// Source Category Performance (spec 3 §2): each category's share of the window's volume as a treemap.
import type { EmissionRollup } from '@/contracts/emission';
import { NO_EMISSIONS } from '@/domain/emission';
import type { Ch4Units } from '@/ui/hooks/use-ch4-units';
import { useElementWidth } from '@/ui/hooks/use-element-width';
import { squarify } from './treemap-layout';
import { GROUP_COLOURS } from './trends-chart';

const HEIGHT = 260;

export function CategoryTreemap({ rollups, units }: { rollups: readonly EmissionRollup[]; units: Ch4Units }) {
  const [host, width] = useElementWidth(400, 200);
  const byCategory = new Map<string, { volume: number; count: number }>();
  for (const r of rollups) {
    const c = byCategory.get(r.sourceCategoryName) ?? { volume: 0, count: 0 };
    byCategory.set(r.sourceCategoryName, { volume: c.volume + r.totalVolume, count: c.count + r.totalCount });
  }
  const items = [...byCategory.entries()].map(([name, v]) => ({ name, ...v }));
  const total = items.reduce((s, i) => s + i.volume, 0);
  const rects = squarify(items, (i) => i.volume, width, HEIGHT);
  return (
    <div ref={host} className="w-full">
      {rects.length === 0 ? (
        <p className="py-8 text-center text-sm text-base-content/70">{NO_EMISSIONS}</p>
      ) : (
        <svg width={width} height={HEIGHT} className="block" role="img" aria-label="Source category treemap">
          {rects.map((r, i) => {
            const share = Math.round((r.item.volume / total) * 100);
            const label = `${r.item.name}: ${units.formatVolume(r.item.volume)} (${share}%)`;
            return (
              <g key={r.item.name}>
                <title>{label}</title>
                <rect
                  x={r.x + 1}
                  y={r.y + 1}
                  width={Math.max(0, r.w - 2)}
                  height={Math.max(0, r.h - 2)}
                  rx={4}
                  fill={GROUP_COLOURS[i % 5]}
                  fillOpacity={0.85}
                />
                {r.w > 70 && r.h > 34 && (
                  <text x={r.x + 8} y={r.y + 20} fontSize="12" fill="white" fontWeight="600">
                    {r.item.name}
                    <tspan
                      x={r.x + 8}
                      dy="16"
                      fontWeight="400"
                    >{`${units.formatVolume(r.item.volume)} · ${share}%`}</tspan>
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
