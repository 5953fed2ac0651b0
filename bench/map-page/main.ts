// Map benchmark page (bench/map.ts drives it): 10,000 devices over a basin. Ours: one deck.gl ScatterplotLayer fed
// binary attributes (src/ui/map/map-layers). Peer: the same devices as maplibre DOM markers. Both are timed on
// the CPU: first render (building the markers and drawing once) and each pan step (move, synchronous redraw, and for
// the DOM markers the style and layout work the browser must do before it can paint).
import { MapboxOverlay } from '@deck.gl/mapbox';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { drawNow, oncePerFrame } from '../../src/ui/map/draw-now';
import { pointLayer, pointSet, warmUpLayer } from '../../src/ui/map/map-layers';

const CENTER = { lng: -103.7, lat: 31.6 };

// Animation-frame callbacks are counted, so the bench can prove deck.gl's first frame with the devices was the
// synchronous one (no animation frame ran between the data's arrival and the check).
let frameCallbacks = 0;
const nativeRequestAnimationFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) =>
  nativeRequestAnimationFrame((time) => {
    frameCallbacks++;
    callback(time);
  });

// deck.gl's share of a pan step: the span between its before- and after-render callbacks.
let renderStart = 0;
let rendered: (() => void) | null = null;

function devices(n: number): { lng: number; lat: number }[] {
  let seed = 42;
  const rnd = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  return Array.from({ length: n }, () => ({
    lng: CENTER.lng + (rnd() - 0.5) * 1.9,
    lat: CENTER.lat + (rnd() - 0.5) * 1.3,
  }));
}

function newMap(): Promise<maplibregl.Map> {
  const el = document.getElementById('map')!;
  el.innerHTML = '';
  const map = new maplibregl.Map({
    container: el,
    style: {
      version: 8,
      sources: {},
      layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#f3f2ec' } }],
    },
    center: [CENTER.lng, CENTER.lat],
    zoom: 8,
    attributionControl: false,
    fadeDuration: 0,
  });
  return new Promise((resolve) => map.once('load', () => resolve(map)));
}

/** Before timing: the layer holds every device, each where it is within a centimetre. Throws if not. */
function positionCheck(points: { lng: number; lat: number }[], set: ReturnType<typeof pointSet>): string {
  if (set.length !== points.length) throw new Error(`${set.length} points for ${points.length} devices`);
  let worst = 0;
  points.forEach((p, i) => {
    const [lng0, lat0] = set.origin ?? [0, 0];
    const dLng = (lng0 + set.positions[i * 2]! - p.lng) * 111_320 * Math.cos((p.lat * Math.PI) / 180);
    const dLat = (lat0 + set.positions[i * 2 + 1]! - p.lat) * 110_540;
    worst = Math.max(worst, Math.hypot(dLng, dLat));
  });
  if (worst > 0.01) throw new Error(`a device is drawn ${worst.toFixed(3)} m from where it is`);
  const kind = set.origin ? 'float32 offsets' : 'float64';
  return `${points.length} points (${kind}), each within ${(worst * 1000).toFixed(1)} mm`;
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

/**
 * The measured variants: picking buffers built with the data (as the console's layers are) or not; the warm-up layer
 * under its own id (as the console's maps) or under the devices' layer id, so the data only updates its attributes.
 */
interface Variant {
  pickable: boolean;
  warmUpAsDevices: boolean;
}

/**
 * Reads deck.gl's canvas back right after the synchronous draw (before the browser composites and clears it): every
 * device's own pixel must be covered, and a corner far from the devices must be empty. Throws if not.
 */
function drawnCheck(map: maplibregl.Map, overlay: MapboxOverlay, points: { lng: number; lat: number }[]): string {
  const canvas = overlay.getCanvas();
  const gl = canvas?.getContext('webgl2');
  if (!canvas || !gl) throw new Error('deck.gl has no WebGL2 canvas');
  const { width, height } = canvas;
  const pixels = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  const scale = width / map.getContainer().clientWidth;
  let missing = 0;
  for (const p of points) {
    const { x, y } = map.project([p.lng, p.lat]);
    const row = height - 1 - Math.floor(y * scale);
    if (pixels[(row * width + Math.floor(x * scale)) * 4 + 3] === 0) missing++;
  }
  if (missing) throw new Error(`${missing} of ${points.length} devices not drawn in the synchronous frame`);
  if (pixels[3] !== 0) throw new Error('the frame is not empty away from the devices');
  return `${points.length} device pixels covered`;
}

/** Reads one pixel of deck.gl's canvas: returns once the GPU process has carried out every command issued before. */
function readBack(overlay: MapboxOverlay): void {
  const gl = overlay.getCanvas()?.getContext('webgl2');
  if (!gl) throw new Error('deck.gl has no WebGL2 canvas');
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
}

async function run(
  mode: 'deck' | 'dom',
  n: number,
  steps: number,
  variant: Variant = { pickable: true, warmUpAsDevices: false },
) {
  const map = await newMap();
  const points = devices(n);
  const container = map.getContainer();
  // As the console's maps do (src/ui/map/map-view.tsx), deck.gl's overlay and its WebGL device are made with
  // the map, with an empty point layer that compiles the points' shaders, before the devices arrive; the first render
  // is timed from the devices' arrival.
  let overlay: MapboxOverlay | null = null;
  let setup = 0;
  if (mode === 'deck') {
    const s0 = performance.now();
    const made = new MapboxOverlay({
      interleaved: false,
      layers: [warmUpLayer(CENTER, variant.warmUpAsDevices ? 'devices' : undefined)],
    });
    // Set up when the first (empty) frame is drawn: the device exists and the points' program is compiled.
    await new Promise<void>((resolve) => {
      made.setProps({ onAfterRender: () => resolve() });
      map.addControl(made);
      map.redraw();
    });
    // ... and the GPU process has finished it (in a software GL the shaders' compile goes on there for 0.2-1.6 s
    // after the frame is issued, and would otherwise be charged to the devices' read-back below).
    readBack(made);
    setup = performance.now() - s0;
    overlay = made;
  }
  let markers: maplibregl.Marker[] = [];
  let lastDeckRender = 0;
  let lastDeckRenderAt = 0;
  let check = '';
  let rasterized: number | null = null;
  const framesBefore = frameCallbacks;
  const t0 = performance.now();
  if (overlay) {
    // The devices arrive: binary attributes, the layer, and (src/ui/map/draw-now, as MapView does) deck.gl's frame
    // drawn now, then the base map's synchronous redraw as on the DOM side: the first render. Like the DOM side's,
    // it stops when the main thread has handed the frame over, before rasterization. A one-pixel read-back then
    // times until the GPU process (here SwiftShader, on the CPU) has rasterized it: a column of its own.
    const set = pointSet(points.map((p) => ({ ...p, rgba: [34, 139, 74, 255] as const })));
    let draws = 0;
    overlay.setProps({
      layers: [pointLayer('devices', set, { radiusPixels: 5, pickable: variant.pickable })],
      onBeforeRender: () => void (renderStart = performance.now()),
      onAfterRender: () => {
        draws++;
        lastDeckRenderAt = performance.now();
        lastDeckRender = lastDeckRenderAt - renderStart;
        rendered?.();
      },
    });
    if (!oncePerFrame(drawNow)(overlay)) throw new Error('deck.gl did not draw synchronously');
    map.redraw();
    const firstRender = performance.now() - t0;
    readBack(overlay);
    rasterized = performance.now() - t0;
    if (draws === 0 || frameCallbacks !== framesBefore) throw new Error('the first frame was not the synchronous one');
    check = `${drawnCheck(map, overlay, points)}; ${positionCheck(points, set)}`;
    return finish(firstRender);
  }
  markers = points.map((p) => {
    const el = document.createElement('div');
    el.className = 'dot';
    return new maplibregl.Marker({ element: el }).setLngLat([p.lng, p.lat]).addTo(map);
  });
  map.redraw();
  container.getBoundingClientRect();
  void getComputedStyle(markers[markers.length - 1]!.getElement()).transform;
  const firstRender = performance.now() - t0;
  if (markers.length !== n) throw new Error(`${markers.length} markers for ${n} devices`);
  check = `${n} markers`;
  return finish(firstRender);

  async function finish(firstRender: number) {
    // Let the browser settle (deck.gl's first frame, the markers' paint) before timing pans.
    await new Promise((r) => setTimeout(r, 300));
    const frames: number[] = [];
    for (let i = 0; i < steps; i++) {
      const angle = (i / steps) * 2 * Math.PI;
      const drawn = overlay ? new Promise<void>((r) => (rendered = r)) : null;
      const s = performance.now();
      map.jumpTo({ center: [CENTER.lng + Math.cos(angle) * 0.4, CENTER.lat + Math.sin(angle) * 0.3] });
      map.redraw();
      if (!overlay) {
        container.getBoundingClientRect();
        void getComputedStyle(markers[i % markers.length]!.getElement()).transform;
      }
      const sync = performance.now() - s;
      if (drawn) {
        // The base map's redraw makes deck.gl draw within it when the view changed; otherwise deck.gl's own span on
        // its next frame is added.
        const within = lastDeckRenderAt >= s;
        await drawn;
        rendered = null;
        frames.push(within ? sync : sync + lastDeckRender);
      } else frames.push(sync);
      await new Promise((r) => requestAnimationFrame(() => r(null)));
    }
    markers.forEach((m) => m.remove());
    map.remove();
    return {
      check,
      setup,
      firstRender,
      rasterized,
      median: quantile(frames, 0.5),
      p95: quantile(frames, 0.95),
    };
  }
}

declare global {
  interface Window {
    mapBenchReady: boolean;
    runMap: typeof run;
  }
}
window.runMap = run;
window.mapBenchReady = true;
