// Where the devices may go (spec 3 §3 'Deployment plan', §4): the placement lines drawn on the map, the devices the
// optimizer proposed (each can be made mandatory or moved to a new spot) and the mandatory placements.
import type { LngLat, SiteEditFeatureRef } from '../site-edit-context';
import type { Draft } from './plan-draft';

const lngLatText = (p: LngLat) => `${p[1].toFixed(6)}, ${p[0].toFixed(6)}`;

export function PlacementLinesSection({
  lines,
  selectedKey,
  disabled,
  error,
  onDraw,
  onSelect,
  onDelete,
}: {
  lines: Draft['lines'];
  selectedKey: string | null;
  disabled: boolean;
  error: string | undefined;
  onDraw: () => void;
  onSelect: (ref: SiteEditFeatureRef) => void;
  onDelete: (key: string) => void;
}) {
  return (
    <section aria-labelledby="placement-lines-title" className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 id="placement-lines-title" className="font-semibold">
          Placement lines
        </h3>
        <button type="button" className="btn btn-sm" onClick={onDraw} disabled={disabled}>
          Draw line
        </button>
      </div>
      {lines.length === 0 ? (
        <p className="text-sm opacity-70">
          Draw lines on the map where devices can be placed (click to add points, double-click to finish).
        </p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Placement lines">
          {lines.map((l, i) => (
            <li
              key={l.key}
              className={`flex items-center justify-between rounded px-2 py-1 ${selectedKey === l.key ? 'bg-base-300' : 'bg-base-200'}`}
            >
              <button
                type="button"
                className="link link-hover text-left text-sm"
                onClick={() => onSelect({ type: 'DevicePlacementLine', id: l.key })}
              >
                Line {i + 1} ({l.path.length} points)
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Delete line ${i + 1}`}
                disabled={disabled}
                onClick={() => onDelete(l.key)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <span className="text-sm text-error">{error}</span>}
    </section>
  );
}

export function PlanDevicesSection({
  proposed,
  mandatory,
  selectedKey,
  disabled,
  error,
  onSelect,
  onMakeMandatory,
  onMoveProposed,
  onRemoveMandatory,
}: {
  proposed: readonly { key: string; position: LngLat }[];
  mandatory: Draft['mandatory'];
  selectedKey: string | null;
  disabled: boolean;
  error: string | undefined;
  onSelect: (ref: SiteEditFeatureRef) => void;
  onMakeMandatory: (position: LngLat) => void;
  onMoveProposed: () => void;
  onRemoveMandatory: (key: string) => void;
}) {
  const selectedProposed = proposed.find((p) => p.key === selectedKey) ?? null;
  const isMandatory = (p: LngLat) => mandatory.some((m) => m.position[0] === p[0] && m.position[1] === p[1]);
  return (
    <section aria-labelledby="mandatory-title" className="flex flex-col gap-2">
      <h3 id="mandatory-title" className="font-semibold">
        Devices
      </h3>
      {selectedProposed && (
        <div className="flex flex-wrap items-center gap-2 rounded bg-base-200 p-2 text-sm">
          <span>Proposed device selected.</span>
          <button
            type="button"
            className="btn btn-xs"
            disabled={disabled}
            onClick={() => onMakeMandatory(selectedProposed.position)}
          >
            Make mandatory
          </button>
          <button type="button" className="btn btn-xs" disabled={disabled} onClick={onMoveProposed}>
            Move to a new spot
          </button>
        </div>
      )}
      {proposed.length > 0 && (
        <ul className="flex max-h-48 flex-col gap-1 overflow-auto" aria-label="Proposed devices" tabIndex={0}>
          {proposed.map((p, i) => (
            <li
              key={p.key}
              className={`flex items-center justify-between rounded px-2 py-1 text-sm ${selectedKey === p.key ? 'bg-base-300' : 'bg-base-200'}`}
            >
              <button
                type="button"
                className="link link-hover text-left"
                onClick={() => onSelect({ type: 'DevicePlacementPoint', id: p.key })}
              >
                D{i + 1}: {lngLatText(p.position)}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Make D${i + 1} mandatory`}
                disabled={disabled || isMandatory(p.position)}
                onClick={() => onMakeMandatory(p.position)}
              >
                Make mandatory
              </button>
            </li>
          ))}
        </ul>
      )}
      {mandatory.length === 0 ? (
        <p className="text-sm opacity-70">
          Select a proposed device on the map to keep it or move it; mandatory devices are always placed. Click a
          mandatory marker to remove it.
        </p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Mandatory placements">
          {mandatory.map((m, i) => (
            <li key={m.key} className="flex items-center justify-between rounded bg-base-200 px-2 py-1 text-sm">
              <span>
                M{i + 1}: {lngLatText(m.position)}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Remove mandatory placement ${i + 1}`}
                disabled={disabled}
                onClick={() => onRemoveMandatory(m.key)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <span className="text-sm text-error">{error}</span>}
    </section>
  );
}
