import { describe, expect, it } from 'vitest';
import { contentBounds, labelSize, placeLabels, projectPx } from '@/domain/map-labels';

const metresEast = (lat: number, m: number) => m / (111_320 * Math.cos((lat * Math.PI) / 180));

describe('device label placement', () => {
  // 20 devices 4 m apart in a row at a pad: the unreadable cluster.
  const lat = 31.9;
  const cluster = Array.from({ length: 20 }, (_, i) => ({
    lat,
    lng: -102.1 + metresEast(lat, 4 * i),
    text: `A-${1000 + i}`,
  }));

  const boxesOverlap = (placed: ReturnType<typeof placeLabels>, zoom: number) => {
    const boxes = placed.map((p) => {
      const [x, y] = projectPx(p.lng, p.lat, zoom);
      const [w, h] = labelSize(p.text);
      return {
        x0: x + p.offset[0] - w / 2,
        x1: x + p.offset[0] + w / 2,
        y0: y + p.offset[1] - h / 2,
        y1: y + p.offset[1] + h / 2,
      };
    });
    return boxes.some((a, i) =>
      boxes.some((b, j) => i < j && a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1),
    );
  };

  it('never overlaps two labels, and shows more of them as the user zooms in', () => {
    const counts = [16, 18, 20, 22].map((zoom) => {
      const placed = placeLabels(cluster, zoom);
      expect(boxesOverlap(placed, zoom), `zoom ${zoom}`).toBe(false);
      return placed.length;
    });
    expect(counts[0]).toBeLessThan(cluster.length);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(cluster.length);
  });

  it('keeps labels off other devices\u2019 dots', () => {
    const zoom = 19;
    const placed = placeLabels(cluster, zoom);
    for (const p of placed) {
      const [x, y] = projectPx(p.lng, p.lat, zoom);
      const [w, h] = labelSize(p.text);
      for (const q of cluster) {
        if (q === cluster.find((c) => c.text === p.text)) continue;
        const [qx, qy] = projectPx(q.lng, q.lat, zoom);
        const inside =
          qx > x + p.offset[0] - w / 2 - 8 &&
          qx < x + p.offset[0] + w / 2 + 8 &&
          qy > y + p.offset[1] - h / 2 - 8 &&
          qy < y + p.offset[1] + h / 2 + 8;
        expect(inside, `${p.text} over ${q.text}`).toBe(false);
      }
    }
  });
});

describe('site map bounds', () => {
  it('frames every point, at least the minimum span across', () => {
    const b = contentBounds([
      { lat: 31.9, lng: -102.1 },
      { lat: 31.901, lng: -102.098 },
    ])!;
    expect(b.southWest.lat).toBeLessThanOrEqual(31.9);
    expect(b.northEast.lat).toBeGreaterThanOrEqual(31.901);
    expect(b.southWest.lng).toBeLessThanOrEqual(-102.1);
    expect(b.northEast.lng).toBeGreaterThanOrEqual(-102.098);
    const lone = contentBounds([{ lat: 31.9, lng: -102.1 }], 120)!;
    expect((lone.northEast.lat - lone.southWest.lat) * 111_320).toBeCloseTo(120, 0);
    expect(contentBounds([])).toBeNull();
  });
});
