// The wind rose's drawing as plain geometry (spec 3 §9: 8 grid lines, 4 compass labels, 6 ticks), shared by the
// tab's SVG and the PDF. Coordinates are SVG's: origin top left, y down; angles are compass degrees (0 north).
export const ROSE_GRID_LINES = 8;
export const ROSE_COMPASS_LABELS = ['N', 'E', 'S', 'W'] as const;
export const ROSE_TICKS = 6;

export interface RoseGeometry {
  size: number;
  gridLines: { x1: number; y1: number; x2: number; y2: number }[];
  rings: { r: number; label: string; labelX: number; labelY: number }[];
  compass: { text: string; x: number; y: number }[];
  /** One closed SVG path per sector with probability above 0. */
  petals: { d: string; angle: number; probability: number }[];
}

const point = (c: number, r: number, deg: number): [number, number] => [
  c + r * Math.sin((deg * Math.PI) / 180),
  c - r * Math.cos((deg * Math.PI) / 180),
];
const fmt = (n: number) => Math.round(n * 100) / 100;

export function roseGeometry(rose: readonly { angle: number; probability: number }[], size: number): RoseGeometry {
  const c = size / 2;
  const radius = size / 2 - 18;
  const max = Math.max(...rose.map((p) => p.probability), 0);
  // Rings at even steps of a rounded-up maximum, so the labels read as whole percentages.
  const top = max > 0 ? Math.ceil((max * 100) / ROSE_TICKS) * ROSE_TICKS : ROSE_TICKS;
  const rings = Array.from({ length: ROSE_TICKS }, (_, i) => {
    const value = (top / ROSE_TICKS) * (i + 1);
    const r = (radius * (i + 1)) / ROSE_TICKS;
    const [labelX, labelY] = point(c, r, 22.5);
    return { r, label: `${Math.round(value)}%`, labelX, labelY };
  });
  const gridLines = Array.from({ length: ROSE_GRID_LINES }, (_, i) => {
    const [x2, y2] = point(c, radius, (360 / ROSE_GRID_LINES) * i);
    return { x1: c, y1: c, x2, y2 };
  });
  const compass = ROSE_COMPASS_LABELS.map((text, i) => {
    const [x, y] = point(c, radius + 10, i * 90);
    return { text, x, y };
  });
  const half = rose.length ? 180 / rose.length : 0;
  const petals = rose
    .filter((p) => p.probability > 0)
    .map((p) => {
      const r = (radius * p.probability * 100) / top;
      const [ax, ay] = point(c, r, p.angle - half);
      const [bx, by] = point(c, r, p.angle + half);
      return {
        d: `M ${fmt(c)} ${fmt(c)} L ${fmt(ax)} ${fmt(ay)} A ${fmt(r)} ${fmt(r)} 0 0 1 ${fmt(bx)} ${fmt(by)} Z`,
        angle: p.angle,
        probability: p.probability,
      };
    });
  return { size, gridLines, rings, compass, petals };
}
