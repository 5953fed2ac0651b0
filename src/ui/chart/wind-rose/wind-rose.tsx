// A wind rose: the share of wind from each direction (the deployment plan's wind source, the site dashboard's map).
import { roseGeometry } from './wind-rose-geometry';

export function WindRose({
  rose,
  size = 220,
}: {
  rose: readonly { angle: number; probability: number }[];
  size?: number;
}) {
  const g = roseGeometry(rose, size);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="Wind rose: share of wind from each direction"
      className="text-base-content"
    >
      {g.rings.map((ring) => (
        <circle
          key={ring.r}
          cx={size / 2}
          cy={size / 2}
          r={ring.r}
          fill="none"
          stroke="currentColor"
          strokeOpacity={0.2}
        />
      ))}
      {g.gridLines.map((l) => (
        <line
          key={`${l.x2}-${l.y2}`}
          x1={l.x1}
          y1={l.y1}
          x2={l.x2}
          y2={l.y2}
          stroke="currentColor"
          strokeOpacity={0.25}
        />
      ))}
      {g.petals.map((p) => (
        <path key={p.angle} d={p.d} fill="#0e7490" fillOpacity={0.7} stroke="#0e7490">
          <title>{`${p.angle}°: ${(p.probability * 100).toFixed(1)}%`}</title>
        </path>
      ))}
      {g.rings.map((ring) => (
        <text key={`t${ring.r}`} x={ring.labelX} y={ring.labelY} fontSize={8} fill="currentColor" fillOpacity={0.7}>
          {ring.label}
        </text>
      ))}
      {g.compass.map((c) => (
        <text
          key={c.text}
          x={c.x}
          y={c.y}
          fontSize={11}
          fontWeight={600}
          textAnchor="middle"
          dominantBaseline="middle"
          fill="currentColor"
        >
          {c.text}
        </text>
      ))}
    </svg>
  );
}
