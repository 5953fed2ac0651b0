// The site map's layer toggles (remembered across visits in localStorage, like the widget chooser), the rose gas
// selector, 'Hide Cones', the loading indicator, the rose legend (the gas legend's 3 severity intervals) and the key of
// the map's marks.
import { useCallback, useState, type ReactNode } from 'react';
import {
  readSiteMapLayers,
  roseGas,
  ROSE_GASES,
  SITE_MAP_LAYERS_STORAGE_KEY,
  type SiteMapLayers,
} from '@/domain/site-map';
import { CAMERA_CASING, rgbCss, siteMapKeyEntries, STRUCTURE_FILL, type SiteMapKeyEntry } from './site-map-key';

export function useSiteMapLayers(): [SiteMapLayers, (next: SiteMapLayers) => void] {
  const [layers, setLayers] = useState<SiteMapLayers>(() =>
    readSiteMapLayers(window.localStorage.getItem(SITE_MAP_LAYERS_STORAGE_KEY)),
  );
  const update = useCallback((next: SiteMapLayers) => {
    setLayers(next);
    window.localStorage.setItem(SITE_MAP_LAYERS_STORAGE_KEY, JSON.stringify(next));
  }, []);
  return [layers, update];
}

const TOGGLES: readonly {
  key: 'sources' | 'structures' | 'deviceLabels' | 'roses' | 'windField' | 'windRose' | 'localization';
  label: string;
}[] = [
  { key: 'sources', label: 'Sources' },
  { key: 'structures', label: 'Structures' },
  { key: 'deviceLabels', label: 'Device labels' },
  { key: 'roses', label: 'Concentration roses' },
  { key: 'windField', label: 'Wind field' },
  { key: 'windRose', label: 'Wind rose' },
  { key: 'localization', label: 'Localization' },
];

export function MapLayerControls({
  layers,
  onChange,
  selectedArcs,
  onHideCones,
  loading,
  extra,
}: {
  layers: SiteMapLayers;
  onChange: (next: SiteMapLayers) => void;
  selectedArcs: number;
  onHideCones: () => void;
  loading: boolean;
  /** Toggles of layers kept elsewhere (the simulated plumes). */
  extra?: ReactNode;
}) {
  return (
    <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" role="group" aria-label="Map layers">
      {TOGGLES.map((t) => (
        <label key={t.key} className="flex cursor-pointer items-center gap-1.5">
          <input
            type="checkbox"
            className="checkbox checkbox-xs"
            checked={layers[t.key]}
            onChange={(e) => onChange({ ...layers, [t.key]: e.target.checked })}
          />
          {t.label}
        </label>
      ))}
      {extra}
      {layers.roses && (
        <label className="flex items-center gap-1.5 whitespace-nowrap">
          Rose gas
          <select
            className="select select-xs select-bordered"
            value={layers.roseGas}
            onChange={(e) => onChange({ ...layers, roseGas: Number(e.target.value) })}
          >
            {ROSE_GASES.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {layers.roses && (
        <button type="button" className="btn btn-xs" disabled={selectedArcs === 0} onClick={onHideCones}>
          Hide Cones
        </button>
      )}
      {loading && <span className="loading loading-spinner loading-xs" role="status" aria-label="Loading map data" />}
    </div>
  );
}

const SEVERITY_CLASSES = ['bg-[#eab308]', 'bg-[#ea580c]', 'bg-[#c81e1e]'];

export function RoseLegend({ gasId, empty }: { gasId: number; empty: boolean }) {
  const gas = roseGas(gasId);
  if (!gas) return null;
  const t = gas.thresholds;
  const bands = [`${t.low}–${t.mid} ${t.unit}`, `${t.mid}–${t.high} ${t.unit}`, `≥ ${t.high} ${t.unit}`];
  return (
    <p
      className="mt-1 flex flex-wrap items-center gap-3 text-xs text-base-content/80"
      aria-label={`${gas.name} rose legend`}
    >
      <span className="font-medium">{`${gas.name} roses (wind direction while high; click a sector for its cone):`}</span>
      {bands.map((b, i) => (
        <span key={b}>
          <span className={`mr-1 inline-block h-2 w-2 ${SEVERITY_CLASSES[i]}`} />
          {b}
        </span>
      ))}
      {empty && <span>{`No ${gas.name} readings at or above ${t.low} ${t.unit} in this range`}</span>}
    </p>
  );
}

/** What the map's marks mean (devices by state, sources by whether they emitted in the range, other sites, cameras,
 * structures), each in its layer's colour. */
export function SiteMapKey({ structures, cameras }: { structures: boolean; cameras: boolean }) {
  return (
    <p className="mt-1 flex flex-wrap gap-3 text-xs text-base-content/80">
      {siteMapKeyEntries({ structures, cameras }).map((e) => (
        <span key={e.label}>
          <KeySwatch entry={e} />
          {e.label}
        </span>
      ))}
    </p>
  );
}

function KeySwatch({ entry }: { entry: SiteMapKeyEntry }) {
  const colour = rgbCss(entry.rgb);
  const casing = rgbCss(CAMERA_CASING);
  if (entry.swatch === 'cone')
    return (
      <svg viewBox="0 0 14 10" className="mr-1 inline-block h-2.5 w-3.5 align-[-1px]" aria-hidden="true">
        <path d="M3 5 L13 0.5 A6 6 0 0 1 13 9.5 Z" fill={rgbCss(entry.rgb, 0.22)} stroke={casing} strokeWidth={1.6} />
        <path
          d="M3 5 L13 0.5 A6 6 0 0 1 13 9.5 Z"
          fill="none"
          stroke={colour}
          strokeWidth={0.8}
          strokeDasharray="2 1.5"
        />
        <circle cx={3} cy={5} r={2.6} fill={colour} stroke={casing} strokeWidth={0.8} />
      </svg>
    );
  if (entry.swatch === 'footprint')
    return (
      <span
        className="mr-1 inline-block h-2 w-3 border"
        style={{ backgroundColor: rgbCss(STRUCTURE_FILL), borderColor: colour }}
      />
    );
  return <span className="mr-1 inline-block h-2 w-2 rounded-full" style={{ backgroundColor: colour }} />;
}
