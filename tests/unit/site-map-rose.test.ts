// The site map's rules: concentration rose binning by wind sector and gas legend severity, stacking to the 50 px
// outer radius, the wind rose shares, the wind field grid's cell limit and speed clamp, and remembered toggles.
import { describe, expect, it } from 'vitest';
import { loadWasmCoreFromDisk } from '../../src/compute/wasm-core-node';
import { GAS_LEGEND_THRESHOLDS, WIND_FIELD } from '@/domain/gas-legend';
import {
  DEFAULT_SITE_MAP_LAYERS,
  gridShape,
  metresPerPixel,
  readSiteMapLayers,
  ROSE_GASES,
  ROSE_MAX_RADIUS_PX,
  roseArcs,
  roseData,
  sectorRing,
  windFieldArrows,
  windFieldLayout,
  windFrames,
  windPeriodMs,
  windRoseShares,
} from '@/domain/site-map';
import { concentrationRose } from '../../server/services/wind-sector';

const CH4 = GAS_LEGEND_THRESHOLDS.CH4;
const MIN = 60_000;

/** A rose of single readings, each with wind from one direction: the sector and severity the rose kernel gives it. */
async function cellOf(value: number, direction: number): Promise<[number, number] | null> {
  const counts = await concentrationRose({ times: [0], values: [value] }, { times: [0], values: [direction] }, CH4);
  for (let s = 0; s < counts.length; s++) for (let k = 0; k < 3; k++) if (counts[s]![k]) return [s, k + 1];
  return null;
}

describe('severity and sectors (the wasm rose kernel, as the server bins them)', () => {
  it('splits readings into the 3 intervals of the gas legend thresholds, leaving out those below low', async () => {
    const cells = await Promise.all([4.99, 5, 24.9, 25, 124, 125, 900, Number.NaN].map((v) => cellOf(v, 0)));
    expect(cells.map((c) => c?.[1] ?? 0)).toEqual([0, 1, 1, 2, 2, 3, 3, 0]);
  });
  it('places directions in 16 sectors centred on north', async () => {
    const cells = await Promise.all([0, 11.2, 11.25, 22.5, 90, 180, 348.75, 359, 360, -10].map((d) => cellOf(30, d)));
    expect(cells.map((c) => c?.[0])).toEqual([0, 0, 1, 1, 4, 8, 0, 0, 0, 0]);
  });
  it('offers the gases with legend thresholds, CH4 first', () => {
    expect(ROSE_GASES.map((g) => g.name)).toEqual(['CH4', 'CO', 'CO2', 'H2S', 'NO2', 'PM2.5', 'SO2', 'VOC', 'NH3']);
  });
});

describe('concentration rose', () => {
  it('counts each high reading at the sector of the nearest wind reading within 10 minutes', async () => {
    const gas = { times: [0, MIN, 2 * MIN, 3 * MIN, 60 * MIN], values: [30, 130, 2, 6, 200] };
    // Wind at 0 from the east, at 2.5 min from the south; nothing near 60 min.
    const wind = { times: [0, 2.5 * MIN], values: [90, 180] };
    const counts = await concentrationRose(gas, wind, CH4);
    expect(counts[4]).toEqual([0, 1, 1]); // 30 at 0 (mid), 130 at 1 min (high): both nearest to the east reading
    expect(counts[8]).toEqual([1, 0, 0]); // 6 at 3 min, nearest the south reading; 2 is below low
    expect(counts.flat().reduce((a, b) => a + b, 0)).toBe(3); // 200 at 60 min has no wind within 10 minutes
    expect(roseData(7, counts)).toEqual([
      { deviceInstallationId: 7, directionIndex: 4, severity: 2, value: 1 },
      { deviceInstallationId: 7, directionIndex: 4, severity: 3, value: 1 },
      { deviceInstallationId: 7, directionIndex: 8, severity: 1, value: 1 },
    ]);
  });
});

describe('roseArcs', () => {
  it('stacks severities outward and scales the fullest sector of all roses to the outer radius', () => {
    const arcs = roseArcs([
      { deviceInstallationId: 1, directionIndex: 0, severity: 2, value: 3 },
      { deviceInstallationId: 1, directionIndex: 0, severity: 1, value: 1 },
      { deviceInstallationId: 2, directionIndex: 5, severity: 3, value: 2 },
    ]);
    expect(arcs.map((a) => [a.deviceInstallationId, a.severity, a.innerPx, a.outerPx])).toEqual([
      [1, 1, 0, 12.5],
      [1, 2, 12.5, ROSE_MAX_RADIUS_PX],
      [2, 3, 0, 25],
    ]);
    expect(roseArcs([])).toEqual([]);
  });
  it('converts pixels to metres at the map zoom (512-pixel tiles)', () => {
    expect(metresPerPixel(0, 0) * 512).toBeCloseTo(40_075_016.686, 0);
    expect(metresPerPixel(60, 16)).toBeCloseTo(78_271.51696 / 2 / 65_536, 6);
  });
  it('draws a sector as a closed ring between its radii', () => {
    const ring = sectorRing({ lat: 0, lng: 0 }, 0, 0, 111.32);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    // Sector 0 spans north ± 11.25°: its outer points reach about 0.001° north.
    expect(Math.max(...ring.map((p) => p[1]))).toBeCloseTo(0.001, 5);
  });
});

describe('wind rose and wind field', () => {
  it('shares readings among 16 sectors from the rose kernel, ignoring missing directions', async () => {
    const core = await loadWasmCoreFromDisk();
    const directions = Float32Array.of(0, 5, 90, Number.NaN);
    const { counts, counted } = core.binRose(directions, new Float32Array(4), 16, new Float32Array(0));
    const rose = windRoseShares(counts, counted);
    expect(rose).toHaveLength(16);
    expect(rose[0]).toEqual({ angle: 0, probability: 2 / 3 });
    expect(rose[4]).toEqual({ angle: 90, probability: 1 / 3 });
    expect(windRoseShares(new Uint32Array(16), 0).every((r) => r.probability === 0)).toBe(true);
  });
  it('keeps the grid within 24 cells, close to square', () => {
    expect(gridShape(1000, 1000, WIND_FIELD.siteMaxCells)).toEqual({ cols: 5, rows: 4 });
    const wide = gridShape(4000, 500, WIND_FIELD.siteMaxCells);
    expect(wide.cols * wide.rows).toBeLessThanOrEqual(24);
    expect(wide.cols).toBeGreaterThan(wide.rows);
  });
  it('points arrows where the wind blows, clamped at 30 km/h (interpolated by the wasm IDW kernel)', async () => {
    const layout = windFieldLayout([
      { lat: 50, lng: 8, reading: { windDirection: 270, windSpeed: 80 } },
      { lat: 50.001, lng: 8.001, reading: { windDirection: 270, windSpeed: 80 } },
      { lat: 50.002, lng: 8, reading: null },
    ])!;
    expect(layout.stations.x).toHaveLength(2);
    const core = await loadWasmCoreFromDisk();
    const field = core.idw(layout.stations.x, layout.stations.y, layout.stations.u, layout.stations.v, layout.grid);
    const arrows = windFieldArrows(layout, field.u, field.v);
    expect(arrows.length).toBeGreaterThan(0);
    expect(arrows.length).toBeLessThanOrEqual(WIND_FIELD.siteMaxCells);
    for (const a of arrows) {
      expect(a.toward).toBeCloseTo(90, 5); // from the west, toward the east
      expect(a.speedKmh).toBe(WIND_FIELD.maxSpeedKmh);
    }
    expect(windFieldLayout([{ lat: 50, lng: 8, reading: null }])).toBeNull();
  });
  it('aligns installations on shared frame times', () => {
    const f = windFrames([
      {
        installationId: 1,
        wind: [
          { time: 0, windDirection: 10, windSpeed: 1 },
          { time: 900_000, windDirection: 20, windSpeed: 2 },
        ],
      },
      { installationId: 2, wind: [{ time: 900_000, windDirection: 30, windSpeed: 3 }] },
    ]);
    expect(f.times).toEqual([0, 900_000]);
    expect(f.at(2, 0)).toBeNull();
    expect(f.at(2, 1)?.windDirection).toBe(30);
  });
  it('averages a day in 15-minute frames and a month in at most 96', () => {
    expect(windPeriodMs(86_400_000)).toBe(15 * MIN);
    expect((30 * 86_400_000) / windPeriodMs(30 * 86_400_000)).toBeLessThanOrEqual(96);
  });
});

describe('remembered toggles', () => {
  it('reads what was stored and falls back to the defaults for anything else', () => {
    expect(readSiteMapLayers(null)).toEqual(DEFAULT_SITE_MAP_LAYERS);
    expect(readSiteMapLayers('not json')).toEqual(DEFAULT_SITE_MAP_LAYERS);
    expect(readSiteMapLayers(JSON.stringify({ roses: true, structures: false, roseGas: 4, windRose: 'yes' }))).toEqual({
      ...DEFAULT_SITE_MAP_LAYERS,
      roses: true,
      structures: false,
      roseGas: 4,
    });
    expect(readSiteMapLayers(JSON.stringify({ roseGas: 16 })).roseGas).toBe(DEFAULT_SITE_MAP_LAYERS.roseGas);
  });
});
