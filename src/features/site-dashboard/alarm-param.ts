// The alarm panel's place in the dashboard's address (spec 3 §2: alarmId opens the alarm panel; closing it takes
// alarmId out of the address, leaving the rest).
import { useSearchParams } from 'react-router';
import type { Alarm } from '@/contracts/alarm';

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
