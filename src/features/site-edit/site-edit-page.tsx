// Site edit (spec 3 §2 'Site edit', §4 'Site edit drawing'): /site/:siteId/edit. A back link to the site dashboard,
// '{site} Edit', one map on the left that every tab draws on (basemaps, structures, sources, the deployment plan) and
// the tabs on the right, chosen by ?tab. A tab with unsaved changes keeps the others closed; selecting a feature on
// the map opens its tab. Escape cancels a drawing and deselects. Leaving the page drops its state and its requests.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import type { LatLng } from '@/domain/coordinates';
import { DEPLOYMENT_PLAN_OUTDATED_TOOLTIP } from '@/domain/deployment-plan';
import {
  circleFromDrag,
  DEFAULT_DRAWN_EXTENT_METERS,
  footprintPolygon,
  DELETED_SITE_TAB_TOOLTIP,
  rectangleFromDrag,
  SITE_EDIT_MIN_ZOOM,
  UNSAVED_CHANGES_TAB_TOOLTIP,
} from '@/domain/site-edit';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { lineLayer, shapeLayer, type Layer } from '@/entities/site/site-edit-layers';
import { MapView, type MapPointerEvent } from '@/ui/map/map-view';
import { PageHeader } from '@/ui/page-header';
import { NotFoundOrNoAccessPage } from '@/ui/not-found-or-no-access';
import { useSession } from '@/ui/session-context';
import { siteDashboardPath } from '@/entities/site/site-links';
import { Spinner } from '@/ui/spinner';
import { siteEditKeys, useSiteInfo } from './api';
import { BasemapsTab } from './basemaps-tab';
import { DeploymentPlanTab } from './deployment-plan/deployment-plan-tab';
import { useDeploymentPlanOutdated } from './deployment-plan/use-deployment-plan-outdated';
import {
  SITE_EDIT_TABS,
  TAB_OF_FEATURE,
  type DrawKind,
  type DrawnGeometry,
  type LngLat,
  type SiteEditFeatureRef,
  type SiteEditMapApi,
  type SiteEditSite,
  type SiteEditTab,
  type SiteEditTabProps,
} from './site-edit-context';
import { SourcesTab } from './sources-tab';
import { StructuresTab } from './structures-tab';

const TAB_LABELS: Record<SiteEditTab, string> = {
  Basemaps: 'Basemaps',
  Sources: 'Sources',
  Structures: 'Structures',
  DeploymentPlan: 'Deployment Plan',
};
/** Layers stack in this order: basemaps under everything, the deployment plan on top. */
const LAYER_ORDER: readonly SiteEditTab[] = ['Basemaps', 'Structures', 'Sources', 'DeploymentPlan'];
/** A press and release closer than this is a click, not a drag. */
const CLICK_PIXELS = 5;

export default function SiteEditPage() {
  const { siteId: raw = '' } = useParams();
  const siteId = Number(raw);
  const valid = Number.isInteger(siteId) && siteId > 0;
  const { organization, config } = useSession();
  const organizationId = organization?.id ?? 0;
  const info = useSiteInfo(organizationId, valid ? siteId : 0);
  const queryClient = useQueryClient();
  // Leaving the page cancels what is still loading; the next visit starts afresh.
  useEffect(
    () => () => {
      for (const queryKey of siteEditKeys(siteId)) {
        void queryClient.cancelQueries({ queryKey });
        queryClient.removeQueries({ queryKey });
      }
    },
    [queryClient, siteId],
  );
  if (!valid) return <Navigate to="/" replace />;
  if (info.isPending) return <Spinner label="Loading site" />;
  // Unknown or out of reach: say so (the deep-link gate has already selected the site's organization if it could).
  if (info.error instanceof ApiError && info.error.status === 404)
    return <NotFoundOrNoAccessPage what={`site ${raw}`} supportEmail={config.supportEmail} />;
  if (info.error)
    return (
      <div className="p-4">
        <LoadError message={info.error.message} onRetry={() => void info.refetch()} />
      </div>
    );
  const d = info.data;
  const site: SiteEditSite = {
    id: d.id,
    name: d.name,
    organizationId: d.organizationId,
    organizationName: d.organizationName,
    location: [d.longitude, d.latitude],
    deleted: d.deleted,
  };
  return <SiteEdit key={site.id} site={site} />;
}

interface Drawing {
  kind: DrawKind;
  onDone: (g: DrawnGeometry) => void;
  onCancel?: () => void;
  down: { at: LatLng; x: number; y: number } | null;
  current: LatLng | null;
  path: LatLng[];
}

const toLngLat = (p: LatLng): LngLat => [p.lng, p.lat];

function SiteEdit({ site }: { site: SiteEditSite }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const enabled = (t: SiteEditTab) => t === 'Basemaps' || !site.deleted;
  const current: SiteEditTab = SITE_EDIT_TABS.find((t) => t === asked && enabled(t)) ?? 'Basemaps';
  const [dirty, setDirty] = useState<Partial<Record<SiteEditTab, boolean>>>({});
  const anyDirty = Boolean(dirty[current]);
  const [selected, setSelected] = useState<SiteEditFeatureRef | null>(null);
  const outdated = useDeploymentPlanOutdated(site.deleted ? 0 : site.id);

  const { drawing, drawingRef, setDrawing, finish, cancel, onPointer } = useDrawing();

  const openTab = useCallback(
    (t: SiteEditTab) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('tab', t);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const { map, layers, fit } = useSiteEditMapApi(drawingRef, setDrawing);

  const dirtyRef = useRef(anyDirty);
  dirtyRef.current = anyDirty;
  const currentRef = useRef(current);
  currentRef.current = current;
  const onSelect = useCallback(
    (ref: SiteEditFeatureRef | null) => {
      if (drawingRef.current) return;
      if (ref === null) {
        setSelected(null);
        return;
      }
      const owner = TAB_OF_FEATURE[ref.type];
      // Unsaved changes block selecting other tabs' features; deployment-plan features stay selectable (spec 3 §4).
      if (dirtyRef.current && owner !== currentRef.current && owner !== 'DeploymentPlan') return;
      setSelected(ref);
      if (owner !== currentRef.current) openTab(owner);
    },
    [openTab, drawingRef],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (e.key === 'Escape') {
        // An open dialog handles its own Escape.
        if (document.querySelector('dialog[open]')) return;
        if (drawingRef.current) {
          e.preventDefault();
          cancel();
        } else if (!dirtyRef.current) setSelected(null);
      } else if (e.key === 'Enter' && drawingRef.current?.kind === 'line') {
        e.preventDefault();
        endLine(drawingRef.current, finish);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cancel, finish, drawingRef]);

  // Frame the site once at the start; the tabs frame their own features when asked.
  useEffect(() => {
    map.fitTo([site.location]);
  }, [map, site.location]);

  const preview = useMemo(() => drawingPreview(drawing), [drawing]);
  const allLayers = useMemo(() => [...LAYER_ORDER.flatMap((o) => layers[o] ?? []), ...preview], [layers, preview]);

  const tabProps = (t: SiteEditTab): SiteEditTabProps => ({
    site,
    map,
    onDirtyChange: (value: boolean) => setDirty((all) => (all[t] === value ? all : { ...all, [t]: value })),
    selected: selected && TAB_OF_FEATURE[selected.type] === t ? selected : null,
    onSelect,
  });
  const stable = useStableTabProps(tabProps);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 px-4 pt-3">
        <Link className="link link-hover text-sm" to={siteDashboardPath(site.id)}>
          ← Back to {site.name} dashboard
        </Link>
      </div>
      <PageHeader title={`${site.name} Edit`}>
        {site.deleted && <span className="badge badge-warning">Deleted site</span>}
      </PageHeader>
      <div className="flex min-h-0 flex-1 flex-col gap-3 p-3 lg:flex-row">
        <div className="relative min-h-[420px] flex-1">
          <MapView
            label={`Map of ${site.name}`}
            layers={allLayers}
            initialCenter={{ lng: site.location[0], lat: site.location[1] }}
            initialZoom={17}
            minZoom={SITE_EDIT_MIN_ZOOM}
            fitBounds={fit}
            onPointer={onPointer}
            dragPan={!drawing || drawing.kind === 'point' || drawing.kind === 'line'}
            doubleClickZoom={!drawing}
            keyboard={
              selected === null || selected.type === 'DevicePlacementLine' || selected.type === 'DevicePlacementPoint'
            }
            cursor={drawing ? 'crosshair' : null}
            className="h-full min-h-[420px] w-full overflow-hidden rounded-box border border-base-300"
          >
            {drawing && <DrawingHint hint={DRAWING_HINTS[drawing.kind]} />}
          </MapView>
        </div>
        <section
          className="flex w-full min-h-0 flex-col rounded-box border border-base-300 lg:w-[460px]"
          aria-label="Site layout"
        >
          <div role="tablist" className="tabs tabs-border shrink-0 flex-nowrap px-1" aria-label="Site edit tabs">
            {SITE_EDIT_TABS.map((t) => (
              <TabButton
                key={t}
                tab={t}
                current={current}
                title={tabTooltip(t, { enabled: enabled(t), blocked: anyDirty && t !== current, outdated })}
                disabled={!enabled(t) || (anyDirty && t !== current)}
                outdated={t === 'DeploymentPlan' && outdated}
                onOpen={() => {
                  if (t === current) return;
                  setSelected(null);
                  openTab(t);
                }}
              />
            ))}
          </div>
          <div className="min-h-0 flex-1 overflow-auto">
            {SITE_EDIT_TABS.filter((t) => t !== 'DeploymentPlan' || !site.deleted).map((t) => (
              <div
                key={t}
                role="tabpanel"
                id={`site-edit-panel-${t}`}
                aria-labelledby={`site-edit-tab-${t}`}
                hidden={t !== current}
                className="p-3"
              >
                {/* Every tab stays mounted: sources and structures are drawn whichever tab is shown (a deleted site's too). */}
                {t === 'Basemaps' && <BasemapsTab {...stable.Basemaps} />}
                {t === 'Sources' && <SourcesTab {...stable.Sources} active={current === 'Sources'} />}
                {t === 'Structures' && <StructuresTab {...stable.Structures} active={current === 'Structures'} />}
                {t === 'DeploymentPlan' && <DeploymentPlanTab {...stable.DeploymentPlan} />}
              </div>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}

const DRAWING_HINTS: Record<DrawKind, string> = {
  point: 'Click the map to place the point.',
  rectangle: 'Drag from one corner to the other, or click for a 10 m box.',
  circle: 'Drag from the centre outwards, or click for a 10 m circle.',
  line: 'Click to add points; double-click or Enter finishes the line.',
};

function endLine(d: Drawing, finish: (g: DrawnGeometry) => void) {
  // A double-click also lands as two clicks: drop repeated vertices.
  const path = d.path.filter(
    (p, i) => i === 0 || Math.abs(p.lat - d.path[i - 1]!.lat) > 1e-9 || Math.abs(p.lng - d.path[i - 1]!.lng) > 1e-9,
  );
  if (path.length < 2) return;
  finish({ kind: 'line', path: path.map(toLngLat) });
}

function drawingPreview(d: Drawing | null): Layer[] {
  if (!d) return [];
  const color: [number, number, number, number] = [37, 99, 235, 255];
  if (d.kind === 'line') {
    const path = [...d.path, ...(d.current ? [d.current] : [])].map(toLngLat);
    return path.length >= 2 ? [lineLayer('site-edit-drawing', [{ path, color }])] : [];
  }
  if ((d.kind === 'rectangle' || d.kind === 'circle') && d.down && d.current) {
    const start = d.down.at;
    const shape = d.kind === 'rectangle' ? rectangleFromDrag(start, d.current) : circleFromDrag(start, d.current);
    const ring = previewRing(d.kind, shape.center, shape.xMeters, shape.yMeters);
    return ring ? [shapeLayer('site-edit-drawing', [{ datum: 0, ring, fill: [37, 99, 235, 50], line: color }])] : [];
  }
  return [];
}

function previewRing(kind: 'rectangle' | 'circle', center: LatLng, x: number, y: number) {
  return footprintPolygon({
    location: center,
    footprintType: kind === 'rectangle' ? 'Box' : 'Cylinder',
    footprintRotation: 0,
    footprintX: x,
    footprintY: y,
  });
}

/** Tab props whose callbacks keep their identity across renders, so a tab's effects follow its own data only. */
function useStableTabProps(make: (t: SiteEditTab) => SiteEditTabProps): Record<SiteEditTab, SiteEditTabProps> {
  const latest = useRef(make);
  latest.current = make;
  const dirtyHandlers = useMemo(
    () =>
      Object.fromEntries(
        SITE_EDIT_TABS.map((t) => [t, (value: boolean) => latest.current(t).onDirtyChange(value)]),
      ) as Record<SiteEditTab, (v: boolean) => void>,
    [],
  );
  return Object.fromEntries(
    SITE_EDIT_TABS.map((t) => {
      const p = make(t);
      return [t, { ...p, onDirtyChange: dirtyHandlers[t] }];
    }),
  ) as Record<SiteEditTab, SiteEditTabProps>;
}

/**
 * The map's drawing tool: what is being drawn (point, line, rectangle or circle), how pointer events grow it, and
 * finishing or cancelling it (the tab that started it hears which).
 */
function useDrawing() {
  const [drawing, setDrawingState] = useState<Drawing | null>(null);
  const drawingRef = useRef<Drawing | null>(null);
  const setDrawing = useCallback((d: Drawing | null) => {
    drawingRef.current = d;
    setDrawingState(d);
  }, []);
  const finish = useCallback(
    (g: DrawnGeometry) => {
      const d = drawingRef.current;
      setDrawing(null);
      d?.onDone(g);
    },
    [setDrawing],
  );
  const cancel = useCallback(() => {
    const d = drawingRef.current;
    setDrawing(null);
    d?.onCancel?.();
  }, [setDrawing]);
  const onPointer = useCallback(
    (e: MapPointerEvent) => {
      const d = drawingRef.current;
      if (!d) return;
      if (e.type === 'down') {
        setDrawing({ ...d, down: { at: e.coordinate, x: e.x, y: e.y }, current: e.coordinate });
        return;
      }
      if (e.type === 'move') {
        if (d.down || d.kind === 'line') setDrawing({ ...d, current: e.coordinate });
        return;
      }
      if (e.type === 'dblclick') {
        if (d.kind === 'line') endLine(d, finish);
        return;
      }
      // Mouse up.
      const click = !d.down || Math.hypot(e.x - d.down.x, e.y - d.down.y) < CLICK_PIXELS;
      if (d.kind === 'point') {
        if (click) finish({ kind: 'point', position: toLngLat(e.coordinate) });
        else setDrawing({ ...d, down: null });
        return;
      }
      if (d.kind === 'line') {
        // A drag pans the map while a line is drawn; only clicks add vertices.
        if (click) setDrawing({ ...d, down: null, path: [...d.path, e.coordinate] });
        else setDrawing({ ...d, down: null });
        return;
      }
      const start = d.down?.at ?? e.coordinate;
      const shape = click
        ? { center: start, xMeters: DEFAULT_DRAWN_EXTENT_METERS, yMeters: DEFAULT_DRAWN_EXTENT_METERS }
        : d.kind === 'rectangle'
          ? rectangleFromDrag(start, e.coordinate)
          : circleFromDrag(start, e.coordinate);
      finish({
        kind: d.kind,
        center: toLngLat(shape.center),
        xMeters: shape.xMeters,
        yMeters: shape.yMeters,
        rotation: 0,
      });
    },
    [finish, setDrawing],
  );
  return { drawing, drawingRef, setDrawing, finish, cancel, onPointer };
}

/** The API the tabs hold (their layers, drawing, framing): stable, so their effects run once per change of their own data. */
function useSiteEditMapApi(drawingRef: { current: Drawing | null }, setDrawing: (d: Drawing | null) => void) {
  const [layers, setLayerMap] = useState<Partial<Record<SiteEditTab, Layer[]>>>({});
  const [fit, setFit] = useState<{ southWest: LatLng; northEast: LatLng; maxZoom: number; key: number } | null>(null);
  const map: SiteEditMapApi = useMemo(
    () => ({
      setLayers: (owner, next) => setLayerMap((all) => ({ ...all, [owner]: next })),
      startDrawing: (kind, onDone, onCancel) => {
        drawingRef.current?.onCancel?.();
        setDrawing({ kind, onDone, onCancel, down: null, current: null, path: [] });
      },
      cancelDrawing: () => setDrawing(null),
      fitTo: (positions) => {
        if (positions.length === 0) return;
        const lngs = positions.map((p) => p[0]);
        const lats = positions.map((p) => p[1]);
        // A lone point (the site alone) is framed with some ground around it.
        const pad = positions.length === 1 ? 0.0015 : 0;
        setFit({
          southWest: { lng: Math.min(...lngs) - pad, lat: Math.min(...lats) - pad },
          northEast: { lng: Math.max(...lngs) + pad, lat: Math.max(...lats) + pad },
          maxZoom: 18,
          key: Date.now(),
        });
      },
    }),
    [drawingRef, setDrawing],
  );
  return { map, layers, fit };
}

/** Why a tab is off, or that the deployment plan is outdated. */
function tabTooltip(
  t: SiteEditTab,
  { enabled, blocked, outdated }: { enabled: boolean; blocked: boolean; outdated: boolean },
): string | undefined {
  if (!enabled) return DELETED_SITE_TAB_TOOLTIP;
  if (blocked) return UNSAVED_CHANGES_TAB_TOOLTIP;
  return t === 'DeploymentPlan' && outdated ? DEPLOYMENT_PLAN_OUTDATED_TOOLTIP : undefined;
}

function TabButton({
  tab: t,
  current,
  title,
  disabled,
  outdated,
  onOpen,
}: {
  tab: SiteEditTab;
  current: SiteEditTab;
  title: string | undefined;
  disabled: boolean;
  outdated: boolean;
  onOpen: () => void;
}) {
  return (
    <span title={title} className="inline-flex">
      <button
        type="button"
        role="tab"
        id={`site-edit-tab-${t}`}
        aria-controls={`site-edit-panel-${t}`}
        aria-selected={current === t}
        disabled={disabled}
        className={`tab px-2 text-sm text-base-content opacity-100 disabled:opacity-50 ${current === t ? 'tab-active font-semibold' : ''}`}
        onClick={onOpen}
      >
        {TAB_LABELS[t]}
        {outdated && <span aria-label="(outdated)"> *</span>}
      </button>
    </span>
  );
}

function DrawingHint({ hint }: { hint: string }) {
  return (
    <div
      className="pointer-events-none absolute left-1/2 top-3 z-10 -translate-x-1/2 rounded-box bg-base-100/95 px-3 py-1.5 text-sm shadow"
      role="status"
    >
      {hint} <span className="text-base-content/70">Esc cancels.</span>
    </div>
  );
}
