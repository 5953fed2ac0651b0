// Combining a range's daily tiles (pure): the modelled heatmap is the mean of the days' tiles weighted by the hours
// each averages times the share of its day inside the range; the measured fallback weights each device's daily mean
// by its minutes the same way, less the site's background (the days' 5th percentiles of one-minute CH4, weighted alike).
export const DAY_MS = 86_400_000;
/** The site's background for the measured fallback: this quantile of every one-minute CH4 reading that day. */
export const LOW_QUANTILE = 0.05;

export interface ReadyTile {
  day: number;
  modelledHours: number;
  meanPpm: Float32Array | null;
  devices: readonly { deviceId: number; lat: number; lng: number; meanPpm: number; minutes: number }[];
  lowQuantilePpm: number | null;
}

/** UTC day starts of the days that [start, end) touches. */
export function utcDays(start: number, end: number): number[] {
  const out: number[] = [];
  for (let d = Math.floor(start / DAY_MS) * DAY_MS; d < end; d += DAY_MS) out.push(d);
  return out;
}

/** The share of the day starting at `day` inside [start, end). */
export function dayShare(day: number, start: number, end: number): number {
  return Math.max(0, Math.min(end, day + DAY_MS) - Math.max(start, day)) / DAY_MS;
}

/** Hours-weighted mean of the tiles' grids; null when no tile has modelled hours in the range. */
export function combineModelled(
  tiles: readonly ReadyTile[],
  start: number,
  end: number,
  cells: number,
): { values: Float32Array; hours: number; maxPpm: number } | null {
  const sum = new Float64Array(cells);
  let hours = 0;
  for (const t of tiles) {
    const w = t.modelledHours * dayShare(t.day, start, end);
    if (!(w > 0) || !t.meanPpm || t.meanPpm.length !== cells) continue;
    hours += w;
    for (let i = 0; i < cells; i++) sum[i] = sum[i]! + w * t.meanPpm[i]!;
  }
  if (!(hours > 0)) return null;
  const values = new Float32Array(cells);
  let maxPpm = 0;
  for (let i = 0; i < cells; i++) {
    values[i] = sum[i]! / hours;
    if (values[i]! > maxPpm) maxPpm = values[i]!;
  }
  return { values, hours, maxPpm };
}

export interface MeasuredDevice {
  deviceId: number;
  lat: number;
  lng: number;
  enhancementPpm: number;
}

/** Each device's mean over the range less the site's background (never below 0); empty when no device has CH4. */
export function combineMeasured(
  tiles: readonly ReadyTile[],
  start: number,
  end: number,
): { devices: MeasuredDevice[]; backgroundPpm: number | null } {
  const byDevice = new Map<number, { lat: number; lng: number; sum: number; w: number }>();
  let lowSum = 0;
  let lowW = 0;
  for (const t of tiles) {
    const share = dayShare(t.day, start, end);
    if (!(share > 0)) continue;
    let minutes = 0;
    for (const d of t.devices) {
      const w = d.minutes * share;
      if (!(w > 0) || !Number.isFinite(d.meanPpm)) continue;
      minutes += d.minutes;
      // The newest position wins: tiles come oldest first.
      const acc = byDevice.get(d.deviceId) ?? { lat: d.lat, lng: d.lng, sum: 0, w: 0 };
      acc.lat = d.lat;
      acc.lng = d.lng;
      acc.sum += w * d.meanPpm;
      acc.w += w;
      byDevice.set(d.deviceId, acc);
    }
    if (t.lowQuantilePpm !== null && Number.isFinite(t.lowQuantilePpm) && minutes > 0) {
      lowSum += minutes * share * t.lowQuantilePpm;
      lowW += minutes * share;
    }
  }
  const backgroundPpm = lowW > 0 ? lowSum / lowW : null;
  const devices = [...byDevice.entries()].map(([deviceId, a]) => ({
    deviceId,
    lat: a.lat,
    lng: a.lng,
    enhancementPpm: Math.max(0, a.sum / a.w - (backgroundPpm ?? a.sum / a.w)),
  }));
  return { devices, backgroundPpm };
}

/** Hours of the range with CH4 readings: each day's best-read device's minutes times the day's share. */
export function readingHours(tiles: readonly ReadyTile[], start: number, end: number): number {
  let hours = 0;
  for (const t of tiles) hours += (dayShare(t.day, start, end) * Math.max(0, ...t.devices.map((d) => d.minutes))) / 60;
  return hours;
}

/** Float32 little-endian as base64 (the answer's compact grid). */
export function encodeGrid(values: Float32Array): string {
  return Buffer.from(gridToBytes(values)).toString('base64');
}

/** The tile's stored bytes (Float32 little-endian) back to values. */
export function gridFromBytes(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.byteLength >> 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

export function gridToBytes(values: Float32Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i]!, true);
  return bytes;
}
