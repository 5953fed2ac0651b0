// Numeric enumerations with display labels; an unconfigured value is an internal error naming it (spec 1 §8).
export interface NumericEnum<K extends string> {
  name: string;
  values: Readonly<Record<K, number>>;
  label(value: number): string;
  key(value: number): K;
  options: readonly { value: number; label: string }[];
}

export function defineEnum<K extends string>(
  name: string,
  entries: Record<K, readonly [value: number, label: string]>,
): NumericEnum<K> {
  const list = (Object.entries(entries) as [K, readonly [number, string]][]).map(([key, [value, label]]) => ({
    key,
    value,
    label,
  }));
  const find = (value: number) => {
    const e = list.find((x) => x.value === value);
    if (!e) throw new Error(`Unconfigured ${name} value: ${value}`);
    return e;
  };
  return {
    name,
    values: Object.fromEntries(list.map((e) => [e.key, e.value])) as Record<K, number>,
    label: (v) => find(v).label,
    key: (v) => find(v).key,
    options: list.map(({ value, label }) => ({ value, label })),
  };
}
