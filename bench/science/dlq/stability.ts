/**
 * Stability class (DLQ get.stab.class), ISC3 Pasquill-Gifford sigma curves (DLQ
 * compute.sigma.vals) and the CH4 density used for kg <-> ppm.
 */

export type StabClass = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

/** Hour of local mean solar time (0..24) from UTC ms and longitude (deg east). */
export function solarHour(utcMs: number, longitude: number): number {
  const h = (utcMs / 3_600_000 + longitude / 15) % 24;
  return h < 0 ? h + 24 : h;
}

/** DLQ is.day: whole hours dayStart..dayEnd inclusive, here in local solar time. */
export function isDay(utcMs: number, longitude: number, dayStartHour = 7, dayEndHour = 18): boolean {
  const hour = Math.floor(solarHour(utcMs, longitude));
  return hour >= dayStartHour && hour <= dayEndHour;
}

/** DLQ get.stab.class: the set of classes whose sigmas are averaged. */
export function stabClasses(windMs: number, day: boolean): StabClass[] {
  if (windMs < 2) return day ? ['A', 'B'] : ['E', 'F'];
  if (windMs < 3) return day ? ['B'] : ['E', 'F'];
  if (windMs < 5) return day ? ['B', 'C'] : ['D', 'E'];
  if (windMs < 6) return day ? ['C', 'D'] : ['D'];
  return ['D'];
}

/** [upper bound of the distance band in km (inclusive), a, b]; the last band is open. */
type Band = readonly [number, number, number];
const SIGMA_Z: Record<StabClass, readonly Band[]> = {
  A: [
    [0.1, 122.8, 0.9447],
    [0.15, 158.08, 1.0542],
    [0.2, 170.22, 1.0932],
    [0.25, 179.52, 1.1262],
    [0.3, 217.41, 1.2644],
    [0.4, 258.89, 1.4094],
    [0.5, 346.75, 1.7283],
    [Infinity, 453.85, 2.1166],
  ],
  B: [
    [0.2, 90.673, 0.93198],
    [0.4, 98.483, 0.98332],
    [Infinity, 109.3, 1.0971],
  ],
  C: [[Infinity, 61.141, 0.91465]],
  D: [
    [0.3, 34.459, 0.86974],
    [1, 32.093, 0.81066],
    [3, 32.093, 0.64403],
    [10, 33.504, 0.60486],
    [30, 36.65, 0.56589],
    [Infinity, 44.053, 0.51179],
  ],
  E: [
    [0.1, 24.26, 0.8366],
    [0.3, 23.331, 0.81956],
    [1, 21.628, 0.7566],
    [2, 21.628, 0.63077],
    [4, 22.534, 0.57154],
    [10, 24.703, 0.50527],
    [20, 26.97, 0.46713],
    [40, 35.42, 0.37615],
    [Infinity, 47.618, 0.29592],
  ],
  F: [
    [0.2, 15.209, 0.81558],
    [0.7, 14.457, 0.78407],
    [1, 13.953, 0.68465],
    [2, 13.953, 0.63227],
    [3, 14.823, 0.54503],
    [7, 16.187, 0.4649],
    [15, 17.836, 0.41507],
    [30, 22.651, 0.32681],
    [60, 27.074, 0.27436],
    [Infinity, 34.219, 0.21716],
  ],
};
/** sigma_y = 465.11628 x tan(0.017453293 (c - d ln x)); [c, d] per class. */
const SIGMA_Y: Record<StabClass, readonly [number, number]> = {
  A: [24.167, 2.5334],
  B: [18.333, 1.8096],
  C: [12.5, 1.0857],
  D: [8.333, 0.72382],
  E: [6.25, 0.54287],
  F: [4.1667, 0.36191],
};

/** sigma_y and sigma_z (m) of one class at total travel distance xKm > 0. */
export function pgSigma(cls: StabClass, xKm: number): [number, number] {
  const [c, d] = SIGMA_Y[cls];
  const sy = 465.11628 * xKm * Math.tan(0.017453293 * (c - d * Math.log(xKm)));
  const bands = SIGMA_Z[cls];
  let band = bands[bands.length - 1]!;
  for (const b of bands) {
    if (xKm <= b[0]) {
      band = b;
      break;
    }
  }
  const sz = Math.min(band[1] * Math.pow(xKm, band[2]), 5000);
  return [sy, sz];
}

/** DLQ averages sigma_y and sigma_z separately over the class set. Writes into out. */
export function meanSigma(classes: readonly StabClass[], xKm: number, out: Float64Array): void {
  let sy = 0;
  let sz = 0;
  for (const cls of classes) {
    const [y, z] = pgSigma(cls, xKm);
    sy += y;
    sz += z;
  }
  out[0] = sy / classes.length;
  out[1] = sz / classes.length;
}

/**
 * CH4 density (kg/m3) from the site elevation (ISA barometric formula) and a temperature.
 * DLQ hard-codes 1/1.524 = 0.656 kg/m3 (sea level, ~25 C).
 */
export function ch4Density(elevationM: number, temperatureK = 288.15): number {
  const p = 101325 * Math.pow(1 - 2.25577e-5 * elevationM, 5.25588);
  return (p * 0.01604) / (8.314462618 * temperatureK);
}
