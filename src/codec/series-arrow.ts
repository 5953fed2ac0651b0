// Series over the wire as Apache Arrow IPC streams (columns `time` float64 ms, `value` float32, NaN = missing):
// the same bytes decode straight into typed arrays, where JSON would parse a million numbers.
import { tableFromArrays, tableFromIPC, tableToIPC } from 'apache-arrow';

export interface SeriesColumns {
  times: Float64Array;
  values: Float32Array;
}

export function encodeSeriesArrow({ times, values }: SeriesColumns): Uint8Array {
  if (times.length !== values.length) throw new Error('Times and values must have the same length');
  return tableToIPC(tableFromArrays({ time: times, value: values }), 'stream');
}

export function decodeSeriesArrow(bytes: Uint8Array | ArrayBuffer): SeriesColumns {
  let table;
  try {
    table = tableFromIPC(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  } catch {
    throw new Error('The series is not a valid Arrow IPC stream');
  }
  const time = table.getChild('time');
  const value = table.getChild('value');
  if (!time || !value) throw new Error('The series needs `time` and `value` columns');
  const times = time.toArray() as unknown;
  const values = value.toArray() as unknown;
  return {
    times: times instanceof Float64Array ? times : Float64Array.from(times as ArrayLike<number>),
    values: values instanceof Float32Array ? values : Float32Array.from(values as ArrayLike<number>),
  };
}

/** The JSON shape of small answers: [[time, value|null], ...]. */
export function decodeSeriesJson(text: string): SeriesColumns {
  const rows = JSON.parse(text) as unknown;
  if (!Array.isArray(rows)) throw new Error('The series must be a JSON array of [time, value] pairs');
  const times = new Float64Array(rows.length);
  const values = new Float32Array(rows.length);
  rows.forEach((row: unknown, i) => {
    if (!Array.isArray(row) || typeof row[0] !== 'number') throw new Error(`Row ${i + 1} is not a [time, value] pair`);
    times[i] = row[0];
    values[i] = typeof row[1] === 'number' ? row[1] : Number.NaN;
  });
  return { times, values };
}

/** Wind per installation (spec 2 §7 deviceWindData): one row per reading, grouped by installation, times ascending. */
export interface WindColumns {
  installationIds: Int32Array;
  times: Float64Array;
  windDirections: Float32Array;
  windSpeeds: Float32Array;
}

export function encodeWindArrow(c: WindColumns): Uint8Array {
  const n = c.times.length;
  if (c.installationIds.length !== n || c.windDirections.length !== n || c.windSpeeds.length !== n)
    throw new Error('Wind columns must have the same length');
  return tableToIPC(
    tableFromArrays({
      installationId: c.installationIds,
      time: c.times,
      windDirection: c.windDirections,
      windSpeed: c.windSpeeds,
    }),
    'stream',
  );
}

export function decodeWindArrow(bytes: Uint8Array | ArrayBuffer): WindColumns {
  let table;
  try {
    table = tableFromIPC(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  } catch {
    throw new Error('The wind data is not a valid Arrow IPC stream');
  }
  const column = (name: string) => {
    const child = table.getChild(name);
    if (!child) throw new Error(`The wind data needs an \`${name}\` column`);
    return child.toArray() as unknown;
  };
  const ids = column('installationId');
  const times = column('time');
  const directions = column('windDirection');
  const speeds = column('windSpeed');
  return {
    installationIds: ids instanceof Int32Array ? ids : Int32Array.from(ids as ArrayLike<number>),
    times: times instanceof Float64Array ? times : Float64Array.from(times as ArrayLike<number>),
    windDirections:
      directions instanceof Float32Array ? directions : Float32Array.from(directions as ArrayLike<number>),
    windSpeeds: speeds instanceof Float32Array ? speeds : Float32Array.from(speeds as ArrayLike<number>),
  };
}

/** The rows of each installation: the answer holds them grouped, times ascending within each. */
export function windByInstallation(c: WindColumns): Map<number, { from: number; to: number }> {
  const out = new Map<number, { from: number; to: number }>();
  for (let i = 0; i < c.installationIds.length;) {
    const id = c.installationIds[i]!;
    let j = i;
    while (j < c.installationIds.length && c.installationIds[j] === id) j++;
    out.set(id, { from: i, to: j });
    i = j;
  }
  return out;
}
