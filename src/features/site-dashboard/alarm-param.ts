// The alarm panel's place in the dashboard's address (spec 3 §2: alarmId opens the alarm panel; closing it takes
// alarmId out of the address, leaving the rest); the panel's zoom shows the alarm's time.
import { useSearchParams } from 'react-router';
import type { Alarm } from '@/contracts/alarm';
import type { TimeRange } from '@/domain/date-range';

const HOUR_MS = 3_600_000;

export function useAlarmParam() {
  const [params, setParams] = useSearchParams();
  const set = (encodedId: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (encodedId) next.set('alarmId', encodedId);
      else next.delete('alarmId');
      return next;
    });
  return {
    alarmId: params.get('alarmId'),
    openAlarm: (a: Alarm) => set(a.encodedId),
    closeAlarm: () => set(null),
  };
}

/** The range the alarm panel zooms to: the alarm, at least an hour from its start (an open alarm: its first hour). */
export function alarmZoomRange(a: Pick<Alarm, 'startTime' | 'endTime'>): TimeRange {
  const start = Date.parse(a.startTime);
  return { start, end: Math.max(Date.parse(a.endTime ?? a.startTime), start + HOUR_MS) };
}
