// The Sources tab's form as pure functions (spec 3 §3 'Source', §5 'Source'): a saved source as a form, a new one's
// draft, the checks and save request, and the map's source points with their labels.
import type { SourceEdit } from '@/contracts/site-edit';
import { parseLatLng, type LatLng } from '@/domain/coordinates';
import { generatedSourceName, storageLatLngText } from '@/domain/site-edit';
import {
  DEFAULT_RELATIVE_IMPORTANCE,
  DEFAULT_SOURCE_HEIGHT,
  sourcePayloadGroup,
  sourceProblems,
  type SourceEditBody,
  type SourceField,
} from '@/domain/source';
import { markedPointLayers, type Layer, type MarkedPoint, type Rgba } from '@/entities/site/site-edit-layers';
import { placedAt } from './use-nudge';

export interface SourceForm {
  id: number;
  name: string;
  locationLatLng: string;
  /** Where the feature is, at full precision (nudges of 0.5 m would vanish in the 5 shown decimals). */
  position: LatLng | null;
  height: string;
  relativeImportance: number;
  sourceCategoryId: number | null;
  sourceGroupName: string;
}

export const sourceToForm = (s: SourceEdit): SourceForm => {
  return {
    id: s.id,
    name: s.name,
    ...placedAt(s.locationLatLng),
    height: String(s.height),
    relativeImportance: s.relativeImportance,
    sourceCategoryId: s.sourceCategoryId,
    sourceGroupName: s.sourceGroup?.name ?? '',
  };
};

/** A new source: the next generated name, the default height and importance, the first category. */
export const newSourceDraft = (names: readonly string[], sourceCategoryId: number | null): SourceForm => ({
  id: 0,
  name: generatedSourceName([...names]),
  locationLatLng: '',
  position: null,
  height: String(DEFAULT_SOURCE_HEIGHT),
  relativeImportance: DEFAULT_RELATIVE_IMPORTANCE,
  sourceCategoryId,
  sourceGroupName: '',
});

/** The form's problems before saving and its save request (the location at full precision, a blank height as none). */
export function checkSourceForm(
  f: SourceForm,
  organizationId: number,
  siteId: number,
): { problems: Partial<Record<SourceField, string>>; body: SourceEditBody } {
  const height = f.height.trim() === '' ? null : Number(f.height);
  return {
    problems: sourceProblems({ ...f, height }),
    body: {
      organizationId,
      ...(f.id ? { id: f.id } : {}),
      siteId,
      name: f.name,
      locationLatLng: f.position ? storageLatLngText(f.position) : f.locationLatLng,
      height,
      relativeImportance: f.relativeImportance,
      sourceCategoryId: f.sourceCategoryId,
      ...sourcePayloadGroup(f.sourceGroupName),
    },
  };
}

const COLORS: Record<'normal' | 'selected', Rgba> = { normal: [220, 38, 38, 255], selected: [37, 99, 235, 255] };

/** The map's source points: every live one, the one being edited where its form puts it, highlighted. */
export function sourcePoints(all: readonly SourceEdit[], form: SourceForm | null): MarkedPoint<number>[] {
  const points = all
    .filter((s) => s.deletedAt === null && s.id !== form?.id)
    .flatMap((s) => {
      const p = parseLatLng(s.locationLatLng);
      return p ? [{ datum: s.id, lng: p.lng, lat: p.lat, fill: [...COLORS.normal] as Rgba, label: s.name }] : [];
    });
  const at = form?.position ?? null;
  if (form && at)
    points.push({ datum: form.id, lng: at.lng, lat: at.lat, fill: [...COLORS.selected] as Rgba, label: form.name });
  return points;
}

export const sourceLayers = (
  all: readonly SourceEdit[],
  form: SourceForm | null,
  pick: (id: number) => void,
): Layer[] => markedPointLayers('site-edit-sources', sourcePoints(all, form), 7, pick);
