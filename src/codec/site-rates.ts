// The Site rate chart's answer (spec 3 siteRateData: the modelled rate and its bounds per 15-minute step), decoded in
// the time-series worker rather than on the page.

export interface SiteRateColumns {
  times: Float64Array;
  rate: Float32Array;
  lowerBound: Float32Array;
  upperBound: Float32Array;
}

/** Columns of a JSON array of { time, rate, lowerBound, upperBound } points; throws naming the first bad point. */
export function decodeSiteRatesJson(text: string): SiteRateColumns {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows)) throw new Error('The site rates must be a JSON array of points');
  const cols: SiteRateColumns = {
    times: new Float64Array(rows.length),
    rate: new Float32Array(rows.length),
    lowerBound: new Float32Array(rows.length),
    upperBound: new Float32Array(rows.length),
  };
  rows.forEach((row: unknown, i) => {
    const p = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    const { time, rate, lowerBound, upperBound } = p;
    if (
      typeof time !== 'number' ||
      typeof rate !== 'number' ||
      typeof lowerBound !== 'number' ||
      typeof upperBound !== 'number'
    )
      throw new Error(`Point ${i + 1} is not a time with a rate and its bounds`);
    cols.times[i] = time;
    cols.rate[i] = rate;
    cols.lowerBound[i] = lowerBound;
    cols.upperBound[i] = upperBound;
  });
  return cols;
}
