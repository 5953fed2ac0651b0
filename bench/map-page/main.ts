// Map benchmark page (bench/map.ts drives it): 10,000 devices over a basin. Ours: one deck.gl ScatterplotLayer fed
// binary attributes (src/ui/map/map-layers). Peer: the same devices as maplibre DOM markers. Both are timed on
// the CPU: first render (building the markers and drawing once) and each pan step (move, synchronous redraw, and for
// the DOM markers the style and layout work the browser must do before it can paint).
import { MapboxOverlay } from '@deck.gl/mapbox';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { pointLayer, pointSet, warmUpLayer } from '../../src/ui/map/map-layers';

const CENTER = { lng: -103.7, lat: 31.6 };

// deck.gl draws in an animation-frame callback, and headless Chromium on busy cores runs that frame 100-400 ms after it
// is asked for. To time deck.gl's work rather than the frame's scheduling, every callback's start is noted: the
// first render's work is the synchronous part (making the layer) plus the callback that updated and drew it.
let callbackStart = 0;
const nativeRequestAnimationFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (callback) =>
  nativeRequestAnimationFrame((time) => {
    callbackStart = performance.now();
    callback(time);
  });

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

async function run(mode: 'deck' | 'dom', n: number, steps: number) {
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
    const made = new MapboxOverlay({ interleaved: false, layers: [warmUpLayer()] });
    // Set up when the first (empty) frame is drawn: the device exists and the points' program is compiled.
    await new Promise<void>((resolve) => {
      made.setProps({ onAfterRender: () => resolve() });
      map.addControl(made);
      map.redraw();
    });
    setup = performance.now() - s0;
    overlay = made;
  }
  const t0 = performance.now();
  let markers: maplibregl.Marker[] = [];
  // deck.gl draws on its own animation frame: its share of a pan step is the time between its before- and
  // after-render callbacks, added to the synchronous move and base-map redraw.
  let renderStart = 0;
  let lastDeckRender = 0;
  let rendered: (() => void) | null = null;
  let check = '';
  let work = 0;
  if (mode === 'deck') {
    const set = pointSet(points.map((p) => ({ ...p, rgba: [34, 139, 74, 255] as const })));
    check = positionCheck(points, set);
    // deck.gl creates its WebGL device asynchronously: first render is when a frame with the layer has been drawn.
    let synchronous = 0;
    await new Promise<void>((resolve) => {
      let first = true;
      overlay!.setProps({
        layers: [
          pointLayer('devices', set, {
            radiusPixels: 5,
          }),
        ],
        onBeforeRender: () => void (renderStart = performance.now()),
        onAfterRender: () => {
          const now = performance.now();
          lastDeckRender = now - renderStart;
          if (first) work = synchronous + (now - callbackStart);
          first = false;
          resolve();
          rendered?.();
        },
      });
      map.redraw();
      synchronous = performance.now() - t0;
    });
  } else {
    markers = points.map((p) => {
      const el = document.createElement('div');
      el.className = 'dot';
      return new maplibregl.Marker({ element: el }).setLngLat([p.lng, p.lat]).addTo(map);
    });
    map.redraw();
    container.getBoundingClientRect();
    void getComputedStyle(markers[markers.length - 1]!.getElement()).transform;
    if (markers.length !== n) throw new Error(`${markers.length} markers for ${n} devices`);
    check = `${n} markers`;
  }
  const firstRender = performance.now() - t0;
  // The DOM side's timing is all synchronous work already (no frame is waited for).
  if (mode === 'dom') work = firstRender;
  // Let deck finish its first asynchronous work (shader compile, buffer upload) before timing pans.
  await new Promise((r) => setTimeout(r, 300));
  const frames: number[] = [];
  for (let i = 0; i < steps; i++) {
    const angle = (i / steps) * 2 * Math.PI;
    const drawn = mode === 'deck' ? new Promise<void>((r) => (rendered = r)) : null;
    const s = performance.now();
    map.jumpTo({ center: [CENTER.lng + Math.cos(angle) * 0.4, CENTER.lat + Math.sin(angle) * 0.3] });
    map.redraw();
    if (mode === 'dom') {
      container.getBoundingClientRect();
      void getComputedStyle(markers[i % markers.length]!.getElement()).transform;
    }
    const sync = performance.now() - s;
    if (drawn) {
      await drawn;
      rendered = null;
      frames.push(sync + lastDeckRender);
    } else frames.push(sync);
    await new Promise((r) => requestAnimationFrame(() => r(null)));
  }
  markers.forEach((m) => m.remove());
  map.remove();
  return { check, setup, firstRender, work, median: quantile(frames, 0.5), p95: quantile(frames, 0.95) };
}

declare global {
  interface Window {
    mapBenchReady: boolean;
    runMap: typeof run;
  }
}
window.runMap = run;
window.mapBenchReady = true;
