// Starting and stopping a site's modelling pipeline (spec 3 §4 'Model', §5 'Start model date'; spec 2 §7).
export const MODEL_STARTED = 'Model started';
export const MODEL_STOPPED = 'Model stopped';
export const START_DATE_REQUIRED = 'Start date is required';
export const startDateTooEarly = (date: string) => `Start date can be no earlier than ${date}.`;
export const STOP_MODEL_CONFIRMATION = (site: string) =>
  `Stop the modelling pipeline of ${site}? Emission rates stop being calculated until it is started again.`;

/** Null when the start may be saved; otherwise the problem. `format` renders the last processed date for the message. */
export function startDateProblem(
  startDate: number | null,
  processedUpTo: string | null,
  format: (iso: string) => string,
): string | null {
  if (startDate === null || Number.isNaN(startDate)) return START_DATE_REQUIRED;
  if (processedUpTo !== null && startDate < Date.parse(processedUpTo)) return startDateTooEarly(format(processedUpTo));
  return null;
}
