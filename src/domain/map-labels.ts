// Readable maps (issue 25): which device labels a site map shows at a zoom, and where, so none overlaps another label
// or a device's dot (placement rules in screen space, re-run as the user zooms: more labels appear as devices spread
// apart); and the bounds a site map opens on (its devices, sources and structures, not the site's pin at a fixed zoom).

export interface LabelInput {
  lng: number;
  lat: number;
  text: string;
}

/** A label with the offset of its centre from its point, in pixels (deck.gl TextLayer getPixelOffset). */
export type PlacedLabel<T extends LabelInput = LabelInput> = T & { offset: [number, number] };

const TILE = 512; // deck.gl and MapLibre use 512-pixel tiles for zoom levels

/** Web Mercator pixel position at a zoom. */
export function projectPx(lng: number, lat: number, zoom: number): [number, number] {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return [((lng + 180) / 360) * scale, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale];
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Label size in pixels for a 12 px sans-serif label with its halo (average glyph ≈ 7 px). */
export const labelSize = (text: string): [number, number] => [text.length * 7 + 6, 16];

/**
 * Greedy placement: each label tries above, below, right and left of its point, and takes the first spot that covers
 * no placed label and no point; a label with no free spot is left out at this zoom. Points are `pointRadiusPx` discs;
 * earlier labels win (put the ones that matter most first).
 */
export function placeLabels<T extends LabelInput>(
  labels: readonly T[],
  zoom: number,
  pointRadiusPx = 8,
): PlacedLabel<T>[] {
  const points = labels.map((l) => projectPx(l.lng, l.lat, zoom));
  const taken: Box[] = points.map(([x, y]) => ({
    x0: x - pointRadiusPx,
    y0: y - pointRadiusPx,
    x1: x + pointRadiusPx,
    y1: y + pointRadiusPx,
  }));
  const placed: PlacedLabel<T>[] = [];
  const gap = pointRadiusPx + 2;
  labels.forEach((l, i) => {
    const [x, y] = points[i]!;
    const [w, h] = labelSize(l.text);
    const candidates: [number, number][] = [
      [0, -(gap + h / 2)],
      [0, gap + h / 2],
      [gap + w / 2, 0],
      [-(gap + w / 2), 0],
    ];
    for (const [dx, dy] of candidates) {
      const box = { x0: x + dx - w / 2, y0: y + dy - h / 2, x1: x + dx + w / 2, y1: y + dy + h / 2 };
      // A point's own disc is not in the way of its label (the candidates already clear it).
      if (taken.some((t, j) => j !== i && overlaps(t, box))) continue;
      taken.push(box);
      placed.push({ ...l, offset: [dx, dy] });
      return;
    }
  });
  return placed;
}

/** Metres per degree of latitude (and of longitude at the equator). */
const M_PER_DEG = 111_320;

/**
 * The south-west and north-east corners around a site's content, at least `minSpanM` across (a lone device still
 * shows its surroundings); null without points.
 */
export function contentBounds(
  points: readonly { lng: number; lat: number }[],
  minSpanM = 120,
): { southWest: { lng: number; lat: number }; northEast: { lng: number; lat: number } } | null {
  const finite = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
  if (finite.length === 0) return null;
  let [s, w, n, e] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of finite) {
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
  }
  const midLat = (s + n) / 2;
  const halfLat = Math.max((n - s) / 2, minSpanM / 2 / M_PER_DEG);
  const halfLng = Math.max((e - w) / 2, minSpanM / 2 / (M_PER_DEG * Math.cos((midLat * Math.PI) / 180)));
  const [cLat, cLng] = [(s + n) / 2, (w + e) / 2];
  return {
    southWest: { lat: cLat - halfLat, lng: cLng - halfLng },
    northEast: { lat: cLat + halfLat, lng: cLng + halfLng },
  };
}
