// Calendar days picked in the user's time zone to and from the instants the server keeps.
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Local midnight of a YYYY-MM-DD day in the zone, as an ISO instant. */
export function dayStartIso(day: string, timeZone: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new TZDate(y!, m! - 1, d!, timeZone).toISOString();
}

/** The zone's calendar day of an instant. */
export const dayOf = (iso: string | null, timeZone: string) =>
  iso ? format(new TZDate(Date.parse(iso), timeZone), 'yyyy-MM-dd') : '';
