// Create New Baseline's form as pure functions: the calculation's input it stands for and its problems on its fields.
import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { BASELINE_MESSAGES, BaselineType } from '@/domain/site-baseline';
import {
  baselineFormErrors,
  emptyBaselineForm,
  errorAt,
  toBaselineInput,
  type BaselineFormValues,
} from '@/features/site-baselines/baseline-form';

const siteAverage = {
  ...emptyBaselineForm(12),
  baselineType: String(BaselineType.SiteAverage),
  rangeFrom: '2026-01-01',
  rangeTo: '2026-02-15',
  activities: [{ from: '2026-01-10', to: '2026-01-12', comment: 'Workover' }],
  effectiveFrom: '2026-03-01',
};

describe('create baseline form', () => {
  it('reads blank boxes as missing and keeps activities only where the type uses them', () => {
    expect(toBaselineInput(emptyBaselineForm(null), 4)).toMatchObject({
      organizationId: 4,
      siteId: null,
      baselineType: null,
      yearlyEmissionInventory: null,
      baselineRange: [null, null],
    });
    expect(toBaselineInput(siteAverage, 4)).toMatchObject({
      siteId: 12,
      baselineType: BaselineType.SiteAverage,
      baselineRange: ['2026-01-01', '2026-02-15'],
      activities: [{ dateRange: ['2026-01-10', '2026-01-12'], comment: 'Workover' }],
    });
    const userInput = { ...siteAverage, baselineType: String(BaselineType.UserInput), yearlyEmissionInventory: ' 0 ' };
    expect(toBaselineInput(userInput, 4)).toMatchObject({ activities: [], yearlyEmissionInventory: 0 });
  });

  it('has no errors for a complete form', () => {
    expect(baselineFormErrors(siteAverage, 4, 'America/Chicago')).toEqual({});
  });

  it('puts a period problem on its first box and an activity’s dates on its from box', () => {
    const errors = baselineFormErrors(
      {
        ...siteAverage,
        rangeTo: '2026-01-05',
        activities: [{ from: '2026-01-12', to: '2026-01-10', comment: '' }],
        effectiveFrom: '',
      },
      4,
      'UTC',
    );
    expect(errorAt(errors, 'rangeFrom')).toBe(BASELINE_MESSAGES.periodLength);
    expect(errors).toMatchObject({
      'activities.0.from': { message: BASELINE_MESSAGES.activityDates },
      'activities.0.comment': { message: BASELINE_MESSAGES.activityComment },
      effectiveFrom: { message: BASELINE_MESSAGES.effectiveFromRequired },
    });
  });

  it('orders the effective dates in the user’s zone', () => {
    const errors = baselineFormErrors({ ...siteAverage, effectiveTo: '2026-03-01' }, 4, 'Asia/Tokyo');
    expect(errorAt(errors, 'effectiveTo')).toBe(BASELINE_MESSAGES.effectiveOrder);
  });

  it('finds a message along a dotted path of nested errors', () => {
    const nested: FieldErrors<BaselineFormValues> = { activities: [{ comment: { type: 'validate', message: 'x' } }] };
    expect(errorAt(nested, 'activities.0.comment')).toBe('x');
    expect(errorAt(nested, 'activities.1.comment')).toBeUndefined();
  });
});
