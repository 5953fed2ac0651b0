import { describe, expect, it } from 'vitest';
import { TONE_RGBA } from '@/domain/map';
import { heatmapColour, heatmapScale } from '@/domain/site-heatmap';
import { CAMERA_RGB, cameraLayers } from '@/entities/site/camera-layers';
import { ADJACENT_RGBA } from '@/features/site-dashboard/adjacent-sites';
import { plumeColour } from '@/features/site-dashboard/plume-scale';
import { siteMapKeyEntries, type Rgb } from '@/features/site-dashboard/site-map-key';

/** CIE L*a*b* of an sRGB colour (D65). */
function lab([r, g, b]: Rgb): [number, number, number] {
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((R * 0.4124 + G * 0.3576 + B * 0.1805) / 0.95047);
  const y = f(R * 0.2126 + G * 0.7152 + B * 0.0722);
  const z = f((R * 0.0193 + G * 0.1192 + B * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
const deltaE = (a: Rgb, b: Rgb) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]!));
const rgb = (c: readonly number[]): Rgb => [c[0]!, c[1]!, c[2]!];

describe('site map key', () => {
  it('lists cameras only at a site with cameras, and structures only while shown', () => {
    const labels = (s: { structures: boolean; cameras: boolean }) => siteMapKeyEntries(s).map((e) => e.label);
    expect(labels({ structures: false, cameras: false })).not.toContain('Structure');
    expect(labels({ structures: false, cameras: false }).some((l) => l.startsWith('Camera'))).toBe(false);
    const all = siteMapKeyEntries({ structures: true, cameras: true });
    expect(all.map((e) => e.label)).toContain('Structure');
    const camera = all.find((e) => e.label.startsWith('Camera'));
    expect(camera).toMatchObject({ swatch: 'cone', rgb: CAMERA_RGB });
  });

  it('draws each entry in the colour of its layer', () => {
    const byLabel = new Map(siteMapKeyEntries({ structures: true, cameras: true }).map((e) => [e.label, e.rgb]));
    expect(byLabel.get('Device')).toEqual(rgb(TONE_RGBA.green));
    expect(byLabel.get('Quarantined device')).toEqual(rgb(TONE_RGBA.amber));
    expect(byLabel.get('Source that emitted in the range')).toEqual(rgb(TONE_RGBA.red));
    expect(byLabel.get('Other site (click to open)')).toEqual(rgb(ADJACENT_RGBA));
    // The camera layers' marker is the key's colour.
    const markers = cameraLayers('c', [{ location: { lat: 51, lng: -114 }, azimuth: 90 }]).find((l) =>
      l.id.endsWith('-markers'),
    )!;
    expect(rgb((markers.props as unknown as { getFillColor: number[] }).getFillColor)).toEqual(CAMERA_RGB);
  });

  it('gives cameras a colour clearly apart from every other mark and ramp on the map', () => {
    const scale = heatmapScale(100);
    const others: Rgb[] = [
      ...siteMapKeyEntries({ structures: true, cameras: false }).map((e) => e.rgb),
      // Heatmap (plasma) and simulated plume ramps, sampled across their range.
      ...Array.from({ length: 21 }, (_, i) => rgb(heatmapColour(scale.lo * (scale.hi / scale.lo) ** (i / 20), scale))),
      ...Array.from({ length: 21 }, (_, i) => rgb(plumeColour(1 * 500 ** (i / 20)))),
      // Rose severities, selected cone, wind arrows and trails, inspection pins, structures' fill.
      [234, 179, 8],
      [234, 88, 12],
      [200, 30, 30],
      [37, 99, 235],
      [14, 116, 144],
      [15, 23, 42],
      [217, 119, 6],
      [21, 128, 61],
      [226, 232, 240],
    ];
    const nearest = Math.min(...others.map((o) => deltaE(CAMERA_RGB, o)));
    // ΔE*ab 2.3 is a just-noticeable difference; the old violet was 6 from the adjacent sites' purple.
    expect(nearest).toBeGreaterThan(30);
    expect(deltaE([124, 58, 237], rgb(ADJACENT_RGBA))).toBeLessThan(10);
  });
});
