// Squarified treemap layout: rectangles whose areas follow the values, kept close to square so small categories stay
// readable.
export interface TreemapRect<T> {
  item: T;
  x: number;
  y: number;
  w: number;
  h: number;
}

export function squarify<T>(
  items: readonly T[],
  value: (item: T) => number,
  width: number,
  height: number,
): TreemapRect<T>[] {
  const list = items
    .map((item) => ({ item, v: Math.max(0, value(item)) }))
    .filter((d) => d.v > 0)
    .sort((a, b) => b.v - a.v);
  const total = list.reduce((s, d) => s + d.v, 0);
  if (total <= 0 || width <= 0 || height <= 0) return [];
  const scale = (width * height) / total;
  const out: TreemapRect<T>[] = [];
  let x = 0;
  let y = 0;
  let w = width;
  let h = height;
  let row: { item: T; v: number }[] = [];
  const worst = (r: { v: number }[], side: number) => {
    const areas = r.map((d) => d.v * scale);
    const sum = areas.reduce((a, b) => a + b, 0);
    return Math.max(...areas.map((a) => Math.max((side * side * a) / (sum * sum), (sum * sum) / (side * side * a))));
  };
  const lay = (r: { item: T; v: number }[]) => {
    const sum = r.reduce((s, d) => s + d.v * scale, 0);
    if (w >= h) {
      const colW = sum / h;
      let cy = y;
      for (const d of r) {
        const rh = (d.v * scale) / colW;
        out.push({ item: d.item, x, y: cy, w: colW, h: rh });
        cy += rh;
      }
      x += colW;
      w -= colW;
    } else {
      const rowH = sum / w;
      let cx = x;
      for (const d of r) {
        const rw = (d.v * scale) / rowH;
        out.push({ item: d.item, x: cx, y, w: rw, h: rowH });
        cx += rw;
      }
      y += rowH;
      h -= rowH;
    }
  };
  for (const d of list) {
    const side = Math.min(w, h);
    if (row.length === 0 || worst([...row, d], side) <= worst(row, side)) row.push(d);
    else {
      lay(row);
      row = [d];
    }
  }
  if (row.length > 0) lay(row);
  return out;
}
