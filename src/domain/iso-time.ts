// Times in the API's queries and answers (spec 1 §6): ISO 8601 with an offset, as Date.toISOString writes them.
import { z } from 'zod';

export const isoTime = z.iso.datetime({ offset: true });

/** The dashboards' range parameters also take any time Date.parse reads (a link typed by hand, a bare date). */
export const parsableTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Must be a date and time');
