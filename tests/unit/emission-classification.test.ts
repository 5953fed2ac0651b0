import { describe, expect, it } from 'vitest';
import {
  changeClassification,
  CLASSIFICATION_MESSAGES,
  classificationProblems,
  timelinePercent,
  togglePin,
} from '@/domain/emission-classification';

describe('emission classification rules', () => {
  it('clears the root cause when the classification changes', () => {
    expect(changeClassification({ classification: 'Venting', rootCauseId: 3 }, 'Fugitive')).toEqual({
      classification: 'Fugitive',
      rootCauseId: null,
    });
  });

  it('accepts a root cause only for Fugitive or Venting and of that classification', () => {
    expect(classificationProblems({ classification: 'Venting', rootCauseId: 1 }, 'Venting')).toEqual({});
    expect(classificationProblems({ classification: 'NothingFound', rootCauseId: null }, undefined)).toEqual({});
    expect(classificationProblems({ classification: null, rootCauseId: null }, undefined)).toEqual({});
    expect(classificationProblems({ classification: 'IncompleteCombustion', rootCauseId: 1 }, 'Venting')).toEqual({
      rootCauseId: CLASSIFICATION_MESSAGES.rootCauseNotOffered,
    });
    expect(classificationProblems({ classification: 'Fugitive', rootCauseId: 1 }, 'Venting')).toEqual({
      rootCauseId: CLASSIFICATION_MESSAGES.rootCauseMismatch,
    });
    expect(classificationProblems({ classification: 'Fugitive', rootCauseId: 1 }, undefined)).toEqual({
      rootCauseId: CLASSIFICATION_MESSAGES.rootCauseMismatch,
    });
  });

  it('pins and unpins inspections in pinning order', () => {
    expect(togglePin([], 4)).toEqual([4]);
    expect(togglePin([4], 2)).toEqual([4, 2]);
    expect(togglePin([4, 2], 4)).toEqual([2]);
  });

  it('places a mark on the timeline, clamped to the range', () => {
    const range = { start: 1000, end: 2000 };
    expect(timelinePercent(1500, range)).toBe(50);
    expect(timelinePercent(500, range)).toBe(0);
    expect(timelinePercent(2500, range)).toBe(100);
    expect(timelinePercent(1500, { start: 5, end: 5 })).toBe(0);
  });
});
