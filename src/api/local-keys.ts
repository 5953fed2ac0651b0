// Query keys of client-side computations (not API calls): what the page derives in workers or from several calls.
// API calls take their keys from the endpoint registry (endpoint-client.ts).

/** A chart's loaded series for one source (device or site and type), mode and range. */
export const chartSeriesKey = (sourceKey: readonly unknown[], mode: string, start: number, end: number) =>
  ['chartSeries', ...sourceKey, mode, start, end] as const;

/** The chart's window of loaded series, reduced in the worker to the plot's width and units. */
export const chartWindowKey = (
  seriesIds: string | undefined,
  start: number,
  end: number,
  width: number,
  units: string,
) => ['chartWindow', seriesIds, start, end, width, units] as const;

/** The closest time with data around an empty chart's range. */
export const closestTimeKey = (sourceKey: readonly unknown[], start: number, end: number) =>
  ['closest', ...sourceKey, start, end] as const;

/** The site map's interpolated wind field for one frame's stations and grid. */
export const siteWindFieldKey = (layout: string | null) => ['siteWindField', layout] as const;

/** An inspection's image decoded for the site map (a bitmap to lay on the ground and an object URL for a thumbnail). */
export const siteInspectionImageKey = (organizationId: number, inspectionId: number) =>
  ['siteInspectionImage', organizationId, inspectionId] as const;
