// What the demo's Qube Cameras see (README 'Cameras'): an optical-gas-imaging view rendered from the seed's Gaussian
// plume (plume.ts), never a stock picture. Each pixel's ray from the camera is integrated through the plume's CH4
// (ppm·m, as an OGI camera responds to the gas column), over a plain thermal-grey scene: a sky gradient, the
// horizon, ground fading with distance and dark boxes where the site's sources stand. The column is drawn in false
// colour (yellow through red to magenta) from 50 to 5,000 ppm·m. Pure computation: the seed runs it in a worker.
import { CH4_DENSITY, plumeConcentration, sigmas, SOURCE_HEIGHT_M, type Point } from './plume';
import type { StabilityClass } from './site-weather';

export const SCENE_WIDTH = 256;
export const SCENE_HEIGHT = 192;
/** The camera's horizontal field of view: the dashboard's cone (spec 3 §9). */
const FOV_DEG = 100;
const CAMERA_HEIGHT_M = 3;
const PITCH_DEG = -4;
const MAX_RANGE_M = 300;
const STEPS = 16;
/** ppm·m an OGI camera starts to show, and where the colour saturates. */
const SHOW_PPM_M = 50;
const FULL_PPM_M = 5000;
/** A picture is an event when this column covers at least VISIBLE_SHARE of it. */
const VISIBLE_PPM_M = 200;
const VISIBLE_SHARE = 0.003;
const EQUIPMENT_SIZE_M = 3;

export interface SceneCamera {
  /** Metres east and north of the site's origin. */
  east: number;
  north: number;
  azimuthDeg: number;
}

export interface SceneRelease {
  east: number;
  north: number;
  rateKgH: number;
}

export interface SceneWind {
  fromDeg: number;
  speedMs: number;
  cls: StabilityClass;
}

export interface Scene {
  camera: SceneCamera;
  releases: readonly SceneRelease[];
  /** Equipment to draw (every source of the site, leaking or not). */
  equipment: readonly { east: number; north: number }[];
  wind: SceneWind;
}

interface View {
  f: number;
  forward: [number, number, number];
  right: [number, number, number];
  up: [number, number, number];
}

function viewOf(camera: SceneCamera, width: number): View {
  const a = (camera.azimuthDeg * Math.PI) / 180;
  const p = (PITCH_DEG * Math.PI) / 180;
  const [sa, ca, sp, cp] = [Math.sin(a), Math.cos(a), Math.sin(p), Math.cos(p)];
  return {
    f: width / 2 / Math.tan((FOV_DEG / 2) * (Math.PI / 180)),
    forward: [sa * cp, ca * cp, sp],
    right: [ca, -sa, 0],
    up: [-sa * sp, -ca * sp, cp],
  };
}

/**
 * Where along a ray (origin e0, n0, z0, direction de, dn, dz) a source's plume can be: downwind of it, within 5 σy of
 * its axis (σy ≤ ay·x + 1 m) and below 5 σz over its height (σz ≤ az·x + 1 m), as [from, to] in metres along the
 * ray, or null. Only that stretch is sampled.
 */
function plumeStretch(
  e0: number,
  n0: number,
  z0: number,
  de: number,
  dn: number,
  dz: number,
  src: { east: number; north: number; ue: number; un: number; ay: number; az: number },
  reach: number,
): [number, number] | null {
  // x(s) = x0 + a s (downwind), y(s) = y0 + b s (crosswind); keep x > 0.5 and |y| < k x + c.
  const x0 = (e0 - src.east) * src.ue + (n0 - src.north) * src.un;
  const a = de * src.ue + dn * src.un;
  const y0 = (e0 - src.east) * src.un - (n0 - src.north) * src.ue;
  const b = de * src.un - dn * src.ue;
  const k = 5 * src.ay;
  const c = 5;
  let lo = 0;
  let hi = reach;
  // Each constraint p + q s > 0 narrows [lo, hi].
  const keep = (p: number, q: number) => {
    if (Math.abs(q) < 1e-12) {
      if (p <= 0) hi = -1;
      return;
    }
    const root = -p / q;
    if (q > 0) lo = Math.max(lo, root);
    else hi = Math.min(hi, root);
  };
  keep(x0 - 0.5, a);
  keep(k * x0 + c - y0, k * a - b);
  keep(k * x0 + c + y0, k * a + b);
  // Below the plume's top: z(s) < source height + 5 (az·x + 1 m).
  keep(SOURCE_HEIGHT_M + c + 5 * src.az * x0 - z0, 5 * src.az * a - dz);
  return hi > lo ? [lo, hi] : null;
}

/** The CH4 column (ppm·m) along each pixel's ray, width × height, row-major from the top. */
export function plumeColumn(scene: Scene, width: number, height: number): Float32Array {
  const v = viewOf(scene.camera, width);
  const out = new Float32Array(width * height);
  const eye: Point = { east: scene.camera.east, north: scene.camera.north, height: CAMERA_HEIGHT_M };
  const to = ((scene.wind.fromDeg + 180) * Math.PI) / 180;
  const unit = sigmas(1, scene.wind.cls);
  const ay = Math.sqrt(Math.max(0, unit.sy ** 2 - 1));
  // σz grows at most linearly (Briggs' exponents are ≤ 0); a per cent over covers the bz term at 1 m.
  const az = 1.01 * Math.sqrt(Math.max(0, unit.sz ** 2 - 1));
  const sources = scene.releases.map((r) => ({
    point: { east: r.east, north: r.north, height: SOURCE_HEIGHT_M },
    east: r.east,
    north: r.north,
    ue: Math.sin(to),
    un: Math.cos(to),
    ay,
    az,
    rate: r.rateKgH,
  }));
  if (sources.length === 0) return out;
  const at: Point = { east: 0, north: 0, height: 0 };
  for (let row = 0; row < height; row++) {
    const y = (height / 2 - (row + 0.5)) / v.f;
    for (let col = 0; col < width; col++) {
      const x = (col + 0.5 - width / 2) / v.f;
      let de = v.forward[0] + v.right[0] * x + v.up[0] * y;
      let dn = v.forward[1] + v.right[1] * x + v.up[1] * y;
      let dz = v.forward[2] + v.right[2] * x + v.up[2] * y;
      const n = Math.hypot(de, dn, dz);
      de /= n;
      dn /= n;
      dz /= n;
      const reach = dz < 0 ? Math.min(MAX_RANGE_M, CAMERA_HEIGHT_M / -dz) : MAX_RANGE_M;
      let ppmM = 0;
      for (const src of sources) {
        const stretch = plumeStretch(eye.east, eye.north, eye.height, de, dn, dz, src, reach);
        if (!stretch) continue;
        const step = (stretch[1] - stretch[0]) / STEPS;
        let sum = 0;
        for (let k = 0; k < STEPS; k++) {
          const s = stretch[0] + (k + 0.5) * step;
          at.east = eye.east + de * s;
          at.north = eye.north + dn * s;
          at.height = eye.height + dz * s;
          sum += plumeConcentration(src.point, at, src.rate, scene.wind.fromDeg, scene.wind.speedMs, scene.wind.cls);
        }
        ppmM += ((sum * step) / CH4_DENSITY) * 1e6;
      }
      out[row * width + col] = ppmM;
    }
  }
  return out;
}

/** Whether the plume shows in the camera's picture (checked on a small render first by the seed). */
export function plumeVisible(column: Float32Array): boolean {
  let n = 0;
  for (const c of column) if (c >= VISIBLE_PPM_M) n++;
  return n >= Math.max(1, column.length * VISIBLE_SHARE);
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** False colour of a column above SHOW_PPM_M: yellow, orange, red, magenta (log scale). */
function falseColour(ppmM: number): [number, number, number, number] {
  const t = Math.min(1, Math.log(ppmM / SHOW_PPM_M) / Math.log(FULL_PPM_M / SHOW_PPM_M));
  const stops: [number, number, number][] = [
    [255, 236, 80],
    [255, 150, 30],
    [230, 40, 40],
    [200, 30, 160],
  ];
  const at = t * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(at));
  const u = at - i;
  const [a, b] = [stops[i]!, stops[i + 1]!];
  return [lerp(a[0], b[0], u), lerp(a[1], b[1], u), lerp(a[2], b[2], u), Math.min(0.9, 0.35 + 0.6 * t)];
}

/** Bilinear doubling of a w × h grid (cell centres aligned). */
function upsample(grid: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * 2 * h * 2);
  for (let y = 0; y < h * 2; y++) {
    const gy = Math.min(h - 1, Math.max(0, (y - 0.5) / 2));
    const y0 = Math.floor(gy);
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < w * 2; x++) {
      const gx = Math.min(w - 1, Math.max(0, (x - 0.5) / 2));
      const x0 = Math.floor(gx);
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = gx - x0;
      const top = grid[y0 * w + x0]! * (1 - fx) + grid[y0 * w + x1]! * fx;
      const bottom = grid[y1 * w + x0]! * (1 - fx) + grid[y1 * w + x1]! * fx;
      out[y * w * 2 + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/** The picture as RGB bytes: the grey scene, the equipment and the plume's column in false colour. */
export function renderScene(scene: Scene, width = SCENE_WIDTH, height = SCENE_HEIGHT): Uint8Array {
  const v = viewOf(scene.camera, width);
  // The gas is smooth: its column is computed at half resolution and interpolated.
  const half = plumeColumn(scene, width / 2, height / 2);
  const column = upsample(half, width / 2, height / 2);
  const rgb = new Uint8Array(width * height * 3);
  const horizon = height / 2 + Math.tan((-PITCH_DEG * Math.PI) / 180) * v.f;
  for (let row = 0; row < height; row++) {
    let grey: number;
    if (row < horizon) grey = lerp(58, 132, Math.pow(row / horizon, 1.6));
    else {
      // Ground: nearer (lower rows) is warmer, hence lighter in a thermal picture; the far field fades to the sky's.
      const below = Math.min(1, (row - horizon) / (height - horizon));
      grey = lerp(120, 168, Math.sqrt(below));
    }
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const texture = row >= horizon ? ((col * 7 + row * 13) % 11) - 5 : 0;
      rgb[i] = rgb[i + 1] = rgb[i + 2] = Math.max(0, Math.min(255, grey + texture));
    }
  }
  drawEquipment(scene, v, rgb, width, height);
  for (let p = 0; p < column.length; p++) {
    const c = column[p]!;
    if (c < SHOW_PPM_M) continue;
    const [r, g, b, alpha] = falseColour(c);
    const i = p * 3;
    rgb[i] = lerp(rgb[i]!, r, alpha);
    rgb[i + 1] = lerp(rgb[i + 1]!, g, alpha);
    rgb[i + 2] = lerp(rgb[i + 2]!, b, alpha);
  }
  return rgb;
}

/** Each source's equipment as a dark box EQUIPMENT_SIZE_M wide and high, farthest first. */
function drawEquipment(scene: Scene, v: View, rgb: Uint8Array, width: number, height: number): void {
  const eye = [scene.camera.east, scene.camera.north, CAMERA_HEIGHT_M] as const;
  const project = (e: number, n: number, z: number): [number, number, number] | null => {
    const d = [e - eye[0], n - eye[1], z - eye[2]];
    const depth = d[0]! * v.forward[0] + d[1]! * v.forward[1] + d[2]! * v.forward[2];
    if (depth < 1) return null;
    const x = (d[0]! * v.right[0] + d[1]! * v.right[1]) / depth;
    const y = (d[0]! * v.up[0] + d[1]! * v.up[1] + d[2]! * v.up[2]) / depth;
    return [width / 2 + x * v.f, height / 2 - y * v.f, depth];
  };
  const boxes = scene.equipment
    .map((q) => ({ base: project(q.east, q.north, 0), top: project(q.east, q.north, EQUIPMENT_SIZE_M) }))
    .filter((b): b is { base: [number, number, number]; top: [number, number, number] } => !!b.base && !!b.top)
    .sort((a, b) => b.base[2] - a.base[2]);
  for (const { base, top } of boxes) {
    const half = ((EQUIPMENT_SIZE_M / 2) * v.f) / base[2];
    const x0 = Math.max(0, Math.round(base[0] - half));
    const x1 = Math.min(width - 1, Math.round(base[0] + half));
    const y0 = Math.max(0, Math.round(top[1]));
    const y1 = Math.min(height - 1, Math.round(base[1]));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const i = (y * width + x) * 3;
        // Warm steel: a little lighter at the top edge, as sun-warmed equipment reads in a thermal picture.
        rgb[i] = rgb[i + 1] = rgb[i + 2] = y === y0 ? 200 : 44;
      }
  }
}
