// Localization on the site map (issue 22 item 4, spec 3 §2 'Map', the organization-level 'localization' layer): each
// candidate source of an emission as a circle whose size and colour follow its probability, labelled '78 %', the most
// likely one ringed. With an emission focused the candidates are that emission's (its own source and the runner-ups);
// without one, each source that emitted in the range with the mean probability of its emissions. A source with no
// position on the map (not among the site's sources) has no mark: its row still names it. Pure functions of the data.
import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { EmissionLocalization, SiteEmission, SiteSource } from '@/contracts/site-dashboard';
import type { Rgba } from './site-map-layers';

/** '78 %'; '< 1 %' and '> 99 %' at the ends so a rounding never claims certainty; null without a probability. */
export function formatProbability(p: number | null | undefined): string | null {
  if (p === null || p === undefined || !Number.isFinite(p)) return null;
  const clamped = Math.min(1, Math.max(0, p));
  if (clamped === 1) return '100 %';
  if (clamped === 0) return '0 %';
  if (clamped < 0.005) return '< 1 %';
  if (clamped >= 0.995) return '> 99 %';
  return `${Math.round(clamped * 100)} %`;
}

/** 'Tank battery 2 · 78 %', the name alone when the pipeline gave no probability. */
export function sourceWithProbability(name: string, p: number | null | undefined): string {
  const text = formatProbability(p);
  return text ? `${name} · ${text}` : name;
}

export interface LocalizationMark {
  sourceId: number;
  name: string;
  lng: number;
  lat: number;
  probability: number;
  /** '78 %'. */
  label: string;
  mostLikely: boolean;
  /** Pixels: 8 at 0 to 24 at 1. */
  radius: number;
  fill: Rgba;
}

const MIN_RADIUS = 8;
const MAX_RADIUS = 24;
/** Pale amber at 0 to deep red at 1. */
const LOW: Rgba = [253, 224, 71, 150];
const HIGH: Rgba = [185, 28, 28, 215];

function mark(
  source: { id: number; name: string; lng: number; lat: number },
  probability: number,
  mostLikely: boolean,
): LocalizationMark {
  const p = Math.min(1, Math.max(0, probability));
  const fill = LOW.map((lo, i) => Math.round(lo + (HIGH[i]! - lo) * p)) as Rgba;
  return {
    sourceId: source.id,
    name: source.name,
    lng: source.lng,
    lat: source.lat,
    probability: p,
    label: formatProbability(p)!,
    mostLikely,
    radius: MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * p,
    fill,
  };
}

/**
 * The layer's marks, the most likely drawn last (on top). Focused: the emission's candidates with a probability (its
 * own source without one keeps no mark: there is nothing to size it by). Unfocused: per emitting source of the range
 * the mean probability of its emissions that carry one, the highest marked most likely.
 */
export function localizationMarks(input: {
  focused: EmissionLocalization | null;
  emissions: readonly SiteEmission[];
  sources: readonly SiteSource[];
}): LocalizationMark[] {
  const byId = new Map(input.sources.map((s) => [s.id, s]));
  const placed = (id: number) => {
    const s = byId.get(id);
    return s && Number.isFinite(s.location.lat) && Number.isFinite(s.location.lng)
      ? { id, name: s.name, lng: s.location.lng, lat: s.location.lat }
      : null;
  };
  let marks: LocalizationMark[];
  if (input.focused) {
    marks = input.focused.candidates.flatMap((c) => {
      const at = placed(c.sourceId);
      return at && c.probability !== null ? [mark(at, c.probability, c.mostLikely)] : [];
    });
  } else {
    const sums = new Map<number, { sum: number; n: number }>();
    for (const e of input.emissions) {
      if (e.sourceId === null || e.probability === null || !Number.isFinite(e.probability)) continue;
      const s = sums.get(e.sourceId) ?? { sum: 0, n: 0 };
      sums.set(e.sourceId, { sum: s.sum + e.probability, n: s.n + 1 });
    }
    const means = [...sums].flatMap(([id, s]) => {
      const at = placed(id);
      return at ? [{ at, p: s.sum / s.n }] : [];
    });
    const top = Math.max(...means.map((m) => m.p));
    let topTaken = false;
    marks = means.map((m) => {
      const isTop = !topTaken && m.p === top;
      topTaken ||= isTop;
      return mark(m.at, m.p, isTop);
    });
  }
  return marks.sort((a, b) => Number(a.mostLikely) - Number(b.mostLikely) || a.probability - b.probability);
}

/** Circles (picked by index into `marks`) and their '78 %' labels. */
export function localizationLayers(id: string, marks: readonly LocalizationMark[], visible: boolean): Layer[] {
  return [
    new ScatterplotLayer<LocalizationMark>({
      id,
      data: marks,
      getPosition: (m) => [m.lng, m.lat],
      getRadius: (m) => m.radius,
      radiusUnits: 'pixels',
      getFillColor: (m) => m.fill,
      stroked: true,
      // The most likely source is ringed dark and thick; the others thin and white.
      getLineColor: (m) => (m.mostLikely ? [17, 24, 39, 255] : [255, 255, 255, 230]),
      getLineWidth: (m) => (m.mostLikely ? 3 : 1.5),
      lineWidthUnits: 'pixels',
      pickable: true,
      autoHighlight: true,
      highlightColor: [20, 60, 120, 90],
      visible,
    }),
    new TextLayer<LocalizationMark>({
      id: `${id}-labels`,
      data: marks,
      getPosition: (m) => [m.lng, m.lat],
      getText: (m) => m.label,
      getSize: (m) => (m.mostLikely ? 13 : 11),
      getPixelOffset: (m) => [0, -(m.radius + 9)],
      getColor: [17, 24, 39, 255],
      outlineWidth: 3,
      outlineColor: [255, 255, 255, 230],
      fontSettings: { sdf: true },
      characterSet: 'auto',
      fontWeight: 600,
      visible,
      pickable: false,
    }),
  ];
}
