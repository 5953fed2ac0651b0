// Classifying one emission (spec 3 §4 'Classification', §5 'Classification', §7 POST /emissions/classify): the
// choices, the root-cause rule shared by the dialog and the server, the texts, and the inspections timeline's pins.
import type { CLASSIFICATIONS } from './enums';
import { showsRootCause } from './alarm';

export type Classification = (typeof CLASSIFICATIONS)[number];

export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  Fugitive: 'Fugitive',
  IncompleteCombustion: 'Incomplete Combustion',
  Venting: 'Venting',
  NothingFound: 'Nothing Found',
};

export const CLASSIFICATION_SET = 'Classification Set';
export const CLASSIFIED_ALARM_WARNING =
  'This emission contributes to an alarm that is already classified. Classifying the emission does not change the alarm.';
export const CLASSIFICATION_MESSAGES = {
  rootCauseNotOffered: 'A root cause is only set for Fugitive or Venting',
  rootCauseMismatch: 'Choose a root cause of this classification',
} as const;

export interface ClassificationForm {
  classification: Classification | null;
  rootCauseId: number | null;
}

/** Changing the classification clears the root cause (spec 3 §5). */
export function changeClassification(
  _form: ClassificationForm,
  classification: Classification | null,
): ClassificationForm {
  return { classification, rootCauseId: null };
}

/**
 * Field problems of a classification save, given the chosen root cause's own classification (undefined when the id
 * is unknown). A root cause belongs only to Fugitive or Venting, and only to the classification it was listed under.
 */
export function classificationProblems(
  form: ClassificationForm,
  rootCauseClassification: string | undefined,
): Record<string, string> {
  if (form.rootCauseId === null) return {};
  if (!showsRootCause(form.classification)) return { rootCauseId: CLASSIFICATION_MESSAGES.rootCauseNotOffered };
  if (rootCauseClassification !== form.classification)
    return { rootCauseId: CLASSIFICATION_MESSAGES.rootCauseMismatch };
  return {};
}

/** Pinned inspections: clicking a mark pins it, clicking again (or Unpin) takes it out; order is pinning order. */
export function togglePin(pins: readonly number[], id: number): number[] {
  return pins.includes(id) ? pins.filter((p) => p !== id) : [...pins, id];
}

/** A mark's horizontal place on the timeline, 0 to 100 (percent); outside the range is clamped to its edges. */
export function timelinePercent(time: number, range: { start: number; end: number }): number {
  const span = range.end - range.start;
  if (!(span > 0)) return 0;
  return Math.min(100, Math.max(0, ((time - range.start) / span) * 100));
}
