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
