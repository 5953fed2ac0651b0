// Localization on the site dashboard (issue 22 item 4): which emission is focused (the `emission` address parameter,
// set by a click on an emission's source in the list or on its bar in the timeline), the focused emission's candidate
// sources from GET /api/emissions/emissionLocalization/, the map's Localization layer with its key, and the list's
// source cell ('Tank battery 2 · 78 %', the runner-ups under it when focused).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { endpointQuery } from '@/api/endpoint-client';
import { emissionLocalizationEndpoint, type SiteEmission, type SiteSource } from '@/contracts/site-dashboard';
import {
  formatProbability,
  localizationLayers,
  localizationMarks,
  sourceWithProbability,
} from '@/entities/site/localization-layers';
import { rangeToParams, type TimeRange } from '@/domain/date-range';
import type { MapPick } from '@/ui/map/map-view';

const FOCUS_PARAM = 'emission';
const LAYER_ID = 'site-localization';

/**
 * The focused emission's id (kept in the address, so a shared link shows the same) and its setter; null clears. The
 * setter also moves the range when given one: two updates of the address in one turn would keep only the last.
 */
export function useFocusedEmission(): [number | null, (id: number | null, zoomTo?: TimeRange) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(FOCUS_PARAM));
  const focused = Number.isInteger(raw) && raw > 0 ? raw : null;
  const setFocused = useCallback(
    (id: number | null, zoomTo?: TimeRange) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id === null) next.delete(FOCUS_PARAM);
          else next.set(FOCUS_PARAM, String(id));
          if (zoomTo) for (const [k, v] of Object.entries(rangeToParams(zoomTo))) next.set(k, v);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [focused, setFocused];
}

/** The candidates of the focused emission, when it is one of the range's emissions. */
export function useEmissionLocalization(organizationId: number, emissionId: number | null) {
  return useQuery({
    ...endpointQuery(emissionLocalizationEndpoint, { query: { organizationId, emissionId: emissionId ?? 0 } }),
    enabled: emissionId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The map's Localization layers (empty while off), the name of a hovered candidate, and the focused emission. */
export function useLocalizationLayer(
  organizationId: number,
  emissions: readonly SiteEmission[],
  sources: readonly SiteSource[],
  on: boolean,
) {
  const p = { organizationId, emissions, sources, on };
  const [focusedId, setFocused] = useFocusedEmission();
  const focusedEmission = p.emissions.find((e) => e.id === focusedId) ?? null;
  const answer = useEmissionLocalization(p.organizationId, p.on ? (focusedEmission?.id ?? null) : null);
  const focused = focusedEmission && answer.data?.emissionId === focusedEmission.id ? answer.data : null;
  const marks = useMemo(
    () =>
      p.on ? localizationMarks({ focused, emissions: focusedEmission ? [] : p.emissions, sources: p.sources }) : [],
    [p.on, focused, focusedEmission, p.emissions, p.sources],
  );
  const layers = useMemo(() => localizationLayers(LAYER_ID, marks, p.on), [marks, p.on]);
  const hoverText = (pick: MapPick | null) => {
    const m = pick?.layerId === LAYER_ID ? marks[pick.index] : undefined;
    if (!m) return null;
    const note = !focused ? ' (mean over the range)' : m.mostLikely ? ' (most likely)' : '';
    return `${sourceWithProbability(m.name, m.probability)}${note}`;
  };
  /** Without a focus, a click on a source's circle focuses its newest emission of the range; false when not a mark. */
  const open = (pick: MapPick) => {
    const m = pick.layerId === LAYER_ID ? marks[pick.index] : undefined;
    if (!m) return false;
    const newest = p.emissions.filter((e) => e.sourceId === m.sourceId).at(-1);
    if (!focused && newest) setFocused(newest.id);
    return true;
  };
  return { layers, marks, focusedEmission, loading: answer.isFetching, error: answer.error, hoverText, open };
}

/** What the layer shows, or why it shows nothing (no model output in the range, or a focused emission without it). */
export function LocalizationKey({ layer }: { layer: ReturnType<typeof useLocalizationLayer> }) {
  const { marks, focusedEmission, loading, error } = layer;
  let text: string;
  if (error) text = `Localization could not be loaded: ${error.message}`;
  else if (focusedEmission && loading && marks.length === 0) text = 'Loading the emission’s candidate sources…';
  else if (focusedEmission && marks.length === 0)
    text = `No localization for this emission: ${focusedEmission.probability === null ? 'the modelling pipeline did not write it' : 'its source has no position on the map'}.`;
  else if (focusedEmission)
    text = `Candidate sources of the focused emission (${focusedEmission.sourceName ?? 'unknown source'}): circles sized and coloured by probability, the most likely ringed.`;
  else if (marks.length === 0)
    text = 'No localization in this range: the modelling pipeline attributed no emission here.';
  else
    text =
      'Each emitting source with the mean probability of its emissions in the range. Choose an emission’s source in the list to see its candidates.';
  return (
    <p className="mt-1 text-xs text-base-content/80" role="status" aria-label="Localization">
      <span className="mr-1 inline-block h-2.5 w-2.5 rounded-full bg-[#b91c1c] ring-2 ring-[#111827]" />
      {text}
    </p>
  );
}

/** The list's source cell: the source with its probability; a button that focuses the emission (again: unfocuses). */
export function EmissionSourceCell({ organizationId, emission }: { organizationId: number; emission: SiteEmission }) {
  const [focusedId, setFocused] = useFocusedEmission();
  const focused = focusedId === emission.id;
  const answer = useEmissionLocalization(organizationId, focused ? emission.id : null);
  const runnerUps = focused ? (answer.data?.candidates ?? []).filter((c) => !c.mostLikely) : [];
  const name = emission.sourceName ?? '—';
  return (
    <>
      <button
        type="button"
        className={`link text-left ${focused ? 'font-semibold text-primary' : 'link-hover'}`}
        aria-pressed={focused}
        title={focused ? 'Unfocus this emission' : 'Focus this emission (its candidate sources on the map)'}
        onClick={() => setFocused(focused ? null : emission.id)}
      >
        {sourceWithProbability(name, emission.probability)}
      </button>
      {runnerUps.length > 0 && (
        <span className="block text-xs text-base-content/80">
          {`Also possible: ${runnerUps.map((c) => `${c.sourceName} ${formatProbability(c.probability) ?? ''}`.trim()).join(', ')}`}
        </span>
      )}
    </>
  );
}
