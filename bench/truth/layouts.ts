// The four site layouts of modelling.md §2.4. Each site gets an origin in an on-shore US oil/gas basin, a random
// rotation of the whole layout and a few metres of placement noise, so that sites of one layout differ.
import type {
  LayoutName,
  SensorGrade,
  SiteLayout,
  SourceCategory,
  TruthObstacle,
  TruthSensor,
  TruthSource,
} from './types';
import type { Rng } from './rng';

interface Basin {
  lat: [number, number];
  lon: [number, number];
  elev: [number, number];
}

/** Approximate boxes over producing areas, with their typical ground elevation (m). */
const BASINS: Basin[] = [
  { lat: [31.3, 32.6], lon: [-104.0, -103.0], elev: [850, 1000] },
  { lat: [31.5, 32.8], lon: [-102.6, -101.5], elev: [750, 900] },
  { lat: [28.3, 29.4], lon: [-99.4, -97.5], elev: [100, 300] },
  { lat: [47.6, 48.4], lon: [-103.9, -102.4], elev: [600, 750] },
  { lat: [40.1, 40.6], lon: [-104.9, -104.3], elev: [1450, 1600] },
  { lat: [40.9, 41.9], lon: [-77.5, -75.9], elev: [300, 600] },
  { lat: [31.9, 32.7], lon: [-94.0, -93.3], elev: [50, 120] },
  { lat: [35.0, 36.1], lon: [-98.4, -97.4], elev: [300, 450] },
  { lat: [36.5, 36.9], lon: [-108.1, -107.5], elev: [1600, 1700] },
  { lat: [40.0, 40.3], lon: [-110.0, -109.4], elev: [1500, 1700] },
  { lat: [39.8, 40.5], lon: [-81.5, -80.9], elev: [250, 400] },
];

const METEC_SENSOR_HEIGHT = 2.4;

interface GroupSpec {
  group: string;
  category: SourceCategory;
  east: number;
  north: number;
  height: number;
  units: number;
}

function gradeFor(rng: Rng): SensorGrade {
  const r = rng.uniform();
  return r < 0.3 ? 'low' : r < 0.8 ? 'mid' : 'high';
}

function buildSources(rng: Rng, groups: GroupSpec[]): TruthSource[] {
  const out: TruthSource[] = [];
  for (const g of groups) {
    for (let u = 0; u < g.units; u++) {
      // Units of a group in a short row, 3–4 m apart.
      const off = (u - (g.units - 1) / 2) * rng.range(3, 4);
      out.push({
        key: `S${out.length + 1}`,
        name: `${g.group}-${u + 1}`,
        group: g.group,
        category: g.category,
        east: g.east + off + rng.range(-0.5, 0.5),
        north: g.north + rng.range(-0.5, 0.5),
        height: g.height,
      });
    }
  }
  return out;
}

function ring(
  rng: Rng,
  points: [number, number][],
  height: number,
  anemometers: number,
  names: string[],
): TruthSensor[] {
  const anemIdx = new Set<number>();
  // Spread the anemometers round the ring.
  for (let i = 0; i < anemometers; i++) anemIdx.add(Math.floor((i * points.length) / anemometers));
  return points.map(([e, n], i) => ({
    key: `D${i + 1}`,
    name: names[i]!,
    east: e + rng.range(-1, 1),
    north: n + rng.range(-1, 1),
    height,
    grade: gradeFor(rng),
    hasAnemometer: anemIdx.has(i),
  }));
}

function obstaclesFor(sources: TruthSource[]): TruthObstacle[] {
  // Tanks and compressors disturb the flow; wellheads and separators are too small to matter here.
  return sources
    .filter((s) => s.category === 'Tank' || s.category === 'Compressor')
    .map((s) => ({
      east: s.east,
      north: s.north,
      height: s.category === 'Tank' ? 4.5 : 3.5,
      radius: s.category === 'Tank' ? 1.5 : 2,
    }));
}

function deviceNames(rng: Rng, n: number): string[] {
  const used = new Set<number>();
  const out: string[] = [];
  while (out.length < n) {
    const k = 1000 + rng.int(9000);
    if (used.has(k)) continue;
    used.add(k);
    out.push(`A-${k}`);
  }
  return out;
}

function layoutParts(
  layout: LayoutName,
  rng: Rng,
): { groups: GroupSpec[]; sensorPts: [number, number][]; height: number; anem: number } {
  const j = (): number => rng.range(-2, 2);
  switch (layout) {
    case 'metec': {
      // DLQ's METEC: equipment groups inside an ~80 × 60 m perimeter of 8 sensors at 2.4 m.
      const groups: GroupSpec[] = [
        { group: '4T', category: 'Tank', east: -18 + j(), north: 12 + j(), height: 4.5, units: 1 + rng.int(3) },
        { group: '4S', category: 'Separator', east: -16 + j(), north: -10 + j(), height: 2, units: 1 + rng.int(3) },
        { group: '4W', category: 'Wellhead', east: 2 + j(), north: 14 + j(), height: 2, units: 1 + rng.int(3) },
        { group: '5S', category: 'Separator', east: 14 + j(), north: -8 + j(), height: 2, units: 1 + rng.int(3) },
        { group: '5W', category: 'Wellhead', east: 20 + j(), north: 12 + j(), height: 2, units: 1 + rng.int(3) },
      ];
      const sensorPts: [number, number][] = [
        [-40, -30],
        [0, -30],
        [40, -30],
        [40, 0],
        [40, 30],
        [0, 30],
        [-40, 30],
        [-40, 0],
      ];
      return { groups, sensorPts, height: METEC_SENSOR_HEIGHT, anem: 3 };
    }
    case 'operator': {
      const groups: GroupSpec[] = [
        { group: 'WH', category: 'Wellhead', east: -10 + j(), north: 8 + j(), height: 1.5, units: 1 + rng.int(2) },
        { group: 'TB', category: 'Tank', east: 8 + j(), north: 6 + j(), height: 4.5, units: 1 },
        { group: 'SEP', category: 'Separator', east: 0 + j(), north: -8 + j(), height: 2, units: 1 },
      ];
      if (groups[0]!.units === 1)
        groups.push({ group: 'CMP', category: 'Compressor', east: 12 + j(), north: -10 + j(), height: 3, units: 1 });
      const r = rng.range(32, 40);
      const a0 = rng.range(0, Math.PI / 2);
      const sensorPts: [number, number][] = [0, 1, 2, 3].map((k) => [
        r * Math.cos(a0 + (k * Math.PI) / 2),
        r * Math.sin(a0 + (k * Math.PI) / 2),
      ]);
      return { groups, sensorPts, height: 3, anem: 2 };
    }
    case 'sparse': {
      const groups: GroupSpec[] = [
        { group: 'WH', category: 'Wellhead', east: -8 + j(), north: 4 + j(), height: 1.5, units: 2 },
        { group: 'TB', category: 'Tank', east: 8 + j(), north: 2 + j(), height: 4.5, units: 1 },
      ];
      const sensorPts: [number, number][] = [
        [-35 + j(), -20 + j()],
        [35 + j(), 22 + j()],
      ];
      return { groups, sensorPts, height: 3, anem: 1 };
    }
    case 'dense': {
      const groups: GroupSpec[] = [
        { group: 'WP', category: 'Wellhead', east: -25 + j(), north: 10 + j(), height: 1.5, units: 4 },
        { group: 'TB', category: 'Tank', east: 5 + j(), north: 18 + j(), height: 4.5, units: 4 },
        { group: 'CS', category: 'Compressor', east: 15 + j(), north: -12 + j(), height: 3, units: 4 },
      ];
      const sensorPts: [number, number][] = [
        [-50, -35],
        [0, -38],
        [50, -35],
        [50, 35],
        [0, 38],
        [-50, 35],
      ];
      return { groups, sensorPts, height: 2.5, anem: 2 };
    }
  }
}

function rotate(e: number, n: number, a: number): [number, number] {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [e * c - n * s, e * s + n * c];
}

export function buildSite(layout: LayoutName, rng: Rng): SiteLayout {
  const basin = rng.pick(BASINS);
  const latitude = rng.range(basin.lat[0], basin.lat[1]);
  const longitude = rng.range(basin.lon[0], basin.lon[1]);
  const elevationM = rng.range(basin.elev[0], basin.elev[1]);
  const parts = layoutParts(layout, rng);
  const angle = rng.range(0, 2 * Math.PI);
  const sources = buildSources(rng, parts.groups).map((s) => {
    const [east, north] = rotate(s.east, s.north, angle);
    return { ...s, east, north };
  });
  const names = deviceNames(rng, parts.sensorPts.length);
  const sensors = ring(rng, parts.sensorPts, parts.height, parts.anem, names).map((s) => {
    const [east, north] = rotate(s.east, s.north, angle);
    return { ...s, east, north };
  });
  return { layout, origin: { latitude, longitude }, elevationM, sources, sensors, obstacles: obstaclesFor(sources) };
}
