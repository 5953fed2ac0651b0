// MapView: a maplibre base map with deck.gl layers over it (the one module that imports maplibre-gl and the deck.gl
// map integration). The background is a configured MapLibre style (MAP_STYLE_URL), else raster tiles (MAP_TILE_URL
// with MAP_TILE_ATTRIBUTION), else the server's offline basemap.
import { worldBasemapEndpoint } from '@/contracts/site-map';
import { MapboxOverlay } from '@deck.gl/mapbox';
import type { Layer, PickingInfo } from '@deck.gl/core';
import maplibregl, { type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, type ReactNode } from 'react';
import type { LatLng } from '@/domain/coordinates';
import { useSession } from '../session-context';
import { drawNow, oncePerFrame } from './draw-now';
import { warmUpLayer } from './map-layers';

export interface MapPick {
  layerId: string | null;
  index: number;
  coordinate: LatLng | null;
  x: number;
  y: number;
}

interface Props {
  label: string;
  layers: readonly Layer[];
  initialCenter: LatLng;
  initialZoom: number;
  onZoom?: (zoom: number) => void;
  onHover?: (pick: MapPick | null) => void;
  onClick?: (pick: MapPick) => void;
  /** Changing it moves the map there. */
  flyTo?: { center: LatLng; zoom: number; key: number } | null;
  /** Called with the map's centre after each move (the install wizard's centre pin). */
  onCenter?: (center: LatLng) => void;
  className?: string;
  /** Drawn over the map (a centre pin). */
  children?: ReactNode;
  /** The map never zooms out past this (spec 3 §9: site map and site edit 13). */
  minZoom?: number;
  /** Changing it frames the bounds (south-west, north-east). */
  fitBounds?: { southWest: LatLng; northEast: LatLng; maxZoom: number; key: number } | null;
  /** Drawing gestures (site edit): mouse down, move and up and double-clicks on the map with their coordinates. */
  onPointer?: (event: MapPointerEvent) => void;
  /** False while a drag draws rather than pans, or a double-click ends a line rather than zooms. */
  dragPan?: boolean;
  doubleClickZoom?: boolean;
  /** False while the arrow keys move a selected feature rather than the map. */
  keyboard?: boolean;
  /** A cursor that wins over the hover cursor (crosshair while drawing). */
  cursor?: string | null;
}

export interface MapPointerEvent {
  type: 'down' | 'move' | 'up' | 'dblclick';
  coordinate: LatLng;
  x: number;
  y: number;
}

function offlineStyle(origin: string): StyleSpecification {
  return {
    version: 8,
    sources: { base: { type: 'geojson', data: `${origin}${worldBasemapEndpoint.path}` } },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': '#d8e7f1' } },
      {
        id: 'land',
        type: 'fill',
        source: 'base',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': '#f3f2ec' },
      },
      {
        id: 'states',
        type: 'line',
        source: 'base',
        filter: ['==', ['get', 'kind'], 'state'],
        paint: { 'line-color': '#b9c1c9', 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'base',
        filter: ['==', ['get', 'kind'], 'border'],
        paint: { 'line-color': '#8d97a3', 'line-width': 1.2 },
      },
    ],
  };
}

function tileStyle(url: string, attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: { tiles: { type: 'raster', tiles: [url], tileSize: 256, attribution } },
    layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
  };
}

function fitTo(
  m: maplibregl.Map,
  b: { southWest: LatLng; northEast: LatLng; maxZoom: number },
  duration: number,
): void {
  m.fitBounds(
    [
      [b.southWest.lng, b.southWest.lat],
      [b.northEast.lng, b.northEast.lat],
    ],
    { padding: 40, maxZoom: b.maxZoom, duration },
  );
}

const toPick = (info: PickingInfo): MapPick => ({
  layerId: info.picked && info.layer ? info.layer.id : null,
  index: info.index,
  coordinate: info.coordinate ? { lng: info.coordinate[0]!, lat: info.coordinate[1]! } : null,
  x: info.x,
  y: info.y,
});

export function MapView({
  label,
  layers,
  initialCenter,
  initialZoom,
  onZoom,
  onHover,
  onClick,
  flyTo,
  onCenter,
  className,
  children,
  minZoom,
  fitBounds,
  onPointer,
  dragPan = true,
  doubleClickZoom = true,
  keyboard = true,
  cursor = null,
}: Props) {
  const { config } = useSession();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const overlay = useRef<MapboxOverlay | null>(null);
  const draw = useRef(oncePerFrame(drawNow));
  const handlers = useRef({ onZoom, onHover, onClick, onCenter, onPointer, cursor });
  handlers.current = { onZoom, onHover, onClick, onCenter, onPointer, cursor };
  // What the map must show once it exists (it is made a moment after the first render; see below).
  const pending = useRef({ layers, fitBounds });
  pending.current = { layers, fitBounds };

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let m: maplibregl.Map | null = null;
    // The WebGL map is made in a task after this render's effects (issue 25 'Screen speed'): the page's requests go
    // out first and load while the map's context and shaders are set up, instead of waiting behind them.
    const timer = window.setTimeout(() => {
      m = create(el);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      overlay.current = null;
      map.current = null;
      m?.remove();
    };
    // The map is made once; later changes go through setProps and flyTo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function create(el: HTMLDivElement): maplibregl.Map {
    const m = new maplibregl.Map({
      container: el,
      style:
        config.mapStyleUrl ??
        (config.mapTileUrl
          ? tileStyle(config.mapTileUrl, config.mapTileAttribution)
          : offlineStyle(window.location.origin)),
      center: [initialCenter.lng, initialCenter.lat],
      zoom: initialZoom,
      maxZoom: 20,
      minZoom: minZoom ?? 0,
      attributionControl: config.mapStyleUrl || config.mapTileUrl ? {} : false,
      // Keyboard panning and zooming stay on (maplibre's default) for people without a mouse.
    });
    m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    // A scale bar: the offline basemap has no detail at site zoom, so distances are read from it.
    m.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
    const o = new MapboxOverlay({
      interleaved: false,
      // Until the page's data arrives, an invisible point layer has deck.gl compile the points' shaders (issue 24).
      layers: [warmUpLayer(initialCenter)],
      onHover: (info) => handlers.current.onHover?.(info.picked ? toPick(info) : null),
      onClick: (info) => handlers.current.onClick?.(toPick(info)),
      getCursor: ({ isHovering, isDragging }) =>
        handlers.current.cursor ?? (isDragging ? 'grabbing' : isHovering ? 'pointer' : 'grab'),
    });
    m.addControl(o);
    m.on('zoomend', () => handlers.current.onZoom?.(m.getZoom()));
    const pointer = (type: MapPointerEvent['type']) => (e: maplibregl.MapMouseEvent) =>
      handlers.current.onPointer?.({
        type,
        coordinate: { lng: e.lngLat.lng, lat: e.lngLat.lat },
        x: e.point.x,
        y: e.point.y,
      });
    m.on('mousedown', pointer('down'));
    m.on('mousemove', pointer('move'));
    m.on('mouseup', pointer('up'));
    m.on('dblclick', pointer('dblclick'));
    // The view on the element, for tests and the screen benchmark (where a fitted map settled).
    const mark = () => {
      const c = m.getCenter();
      el.dataset.zoom = m.getZoom().toFixed(4);
      el.dataset.center = `${c.lat.toFixed(7)},${c.lng.toFixed(7)}`;
    };
    mark();
    m.on('moveend', mark);
    m.on('moveend', () => {
      const c = m.getCenter();
      handlers.current.onCenter?.({ lat: c.lat, lng: c.lng });
    });
    map.current = m;
    overlay.current = o;
    if (pending.current.layers.length) o.setProps({ layers: [...pending.current.layers] });
    const fit = pending.current.fitBounds;
    if (fit) fitTo(m, fit, 0);
    handlers.current.onZoom?.(m.getZoom());
    return m;
  }

  useEffect(() => {
    const o = overlay.current;
    if (!o) return;
    o.setProps({ layers: [...layers] });
    // Drawn now, not on deck.gl's next animation frame, which a busy browser runs 100-400 ms later (issue 24).
    draw.current(o);
  }, [layers]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (dragPan) m.dragPan.enable();
    else m.dragPan.disable();
    if (doubleClickZoom) m.doubleClickZoom.enable();
    else m.doubleClickZoom.disable();
    if (keyboard) m.keyboard.enable();
    else m.keyboard.disable();
  }, [dragPan, doubleClickZoom, keyboard]);

  useEffect(() => {
    if (fitBounds && map.current) fitTo(map.current, fitBounds, 600);
  }, [fitBounds]);

  useEffect(() => {
    if (flyTo) map.current?.flyTo({ center: [flyTo.center.lng, flyTo.center.lat], zoom: flyTo.zoom, duration: 800 });
  }, [flyTo]);

  return (
    <div className={`relative ${className ?? 'h-[70vh] w-full overflow-hidden rounded-box border border-base-300'}`}>
      {/* Not absolute: maplibre styles its container position: relative, which would collapse it to no height. */}
      <div ref={container} role="region" aria-label={label} className="h-full w-full" />
      {children}
    </div>
  );
}
