// Dates in a grid read in the user's time zone and 12/24-hour choice.
import { useCallback } from 'react';
import { formatDateTime } from '@/domain/format';
import { useSession } from '../session-context';

export function useDateFormatter(): (value: string | number | Date) => string {
  const { user } = useSession();
  const tz = user.userSettings.ianaTimezoneId;
  const format = user.userSettings.timeFormat;
  return useCallback((value: string | number | Date) => formatDateTime(value, tz, format), [tz, format]);
}
