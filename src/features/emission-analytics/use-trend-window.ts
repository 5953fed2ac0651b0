// The window Emission Analytics looks at (spec 3 §4): period type and periods visible, the end time stepped back
// and forward by a period (never into the future; back to now when the organization changes), and the request the
// widgets share once the inputs have rested 500 ms.
import { useEffect, useMemo, useState } from 'react';
import {
  canStepTrendForward,
  DEFAULT_BUCKET,
  defaultPeriodsVisible,
  EMISSIONS_DEBOUNCE_MS,
  stepTrendEnd,
  trendWindow,
  type BucketInterval,
} from '@/domain/emission';
import type { SiteFilter } from '@/domain/site-filter';
import { useDebounced } from '@/ui/hooks/use-debounced';
import type { TrendRequest } from './api';

export function useTrendWindow(organizationId: number, filter: SiteFilter, timeZone: string) {
  const [bucket, setBucketOnly] = useState<BucketInterval>(DEFAULT_BUCKET);
  const [periods, setPeriods] = useState(defaultPeriodsVisible(DEFAULT_BUCKET));
  const [end, setEnd] = useState(() => Date.now());
  // The end time resets to now when the organization changes (spec 3 §4).
  useEffect(() => setEnd(Date.now()), [organizationId]);
  const now = useMemo(() => Math.max(Date.now(), end), [end]);
  const window = trendWindow(bucket, periods, end, now, timeZone);
  const inputs: TrendRequest = {
    organizationId,
    filter,
    bucket,
    startTime: window.startTime,
    endTime: window.endTime,
    endTimeIsInCurrentPeriod: window.endTimeIsInCurrentPeriod,
    timeZone,
  };
  const request = useDebounced(inputs, EMISSIONS_DEBOUNCE_MS);
  return {
    window,
    now,
    request,
    /** The inputs moved on and the debounced request has not caught up. */
    pending: JSON.stringify(inputs) !== JSON.stringify(request),
    controls: {
      bucket,
      periods,
      // A new period type shows its default number of periods.
      setBucket: (next: BucketInterval) => {
        setBucketOnly(next);
        setPeriods(defaultPeriodsVisible(next));
      },
      setPeriods,
      canStepForward: canStepTrendForward(bucket, end, now, timeZone),
      step: (direction: -1 | 1) => setEnd(stepTrendEnd(bucket, end, direction, Date.now(), timeZone)),
    },
  };
}

export type TrendWindowControls = ReturnType<typeof useTrendWindow>['controls'];
