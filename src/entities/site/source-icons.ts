// The site map's source icons (spec 3 §2 'Source icons are chosen by category (about 30 icon types)'): one simple
// glyph per source category, as SVG path data on a 24-unit square, stroked (and, where given, filled). The map draws
// them into one canvas atlas (source-icon-layers.ts) as white marks over the source's red or blue disc; the legend draws
// the same paths as inline SVG. No external images.
import { SOURCE_CATEGORIES, UNCATEGORIZED_SOURCE, type SourceCategoryId } from '@/domain/source-category';

export interface Glyph {
  /** Stroked path data, 24 × 24 units, 2 units wide with round ends. */
  stroke: string;
  /** Filled path data, when the mark has a solid part. */
  fill?: string;
}

export const GLYPH_SIZE = 24;

export const CATEGORY_GLYPHS: Record<SourceCategoryId, Glyph> = {
  // Wellhead: a christmas tree of valves on the casing.
  1: { stroke: 'M12 4v16M8 7h8M6 12h12M8 20h8' },
  // Tank: an upright cylinder.
  2: { stroke: 'M6 7c0-3 12-3 12 0v12H6zM6 7c0 2 12 2 12 0' },
  // Separator: a horizontal vessel on legs.
  3: { stroke: 'M7 8h10a4 4 0 0 1 0 8H7a4 4 0 0 1 0-8zM8 16v4M16 16v4' },
  // Compressor: a wheel with a discharge triangle.
  4: { stroke: 'M12 5a7 7 0 1 1 0 14a7 7 0 1 1 0-14z', fill: 'M9 8l7 4-7 4z' },
  // Pneumatic device: a gauge and its needle.
  5: { stroke: 'M12 5a7 7 0 1 1 0 14a7 7 0 1 1 0-14zM12 12l4-4M12 19v2' },
  // Flare: a flame on a stack.
  6: { stroke: 'M12 15v6', fill: 'M12 3c3 3 5 5 5 8a5 5 0 0 1-10 0c0-2 1-3 2-4c0 2 1 3 2 3c0-2-1-4 1-7z' },
  // Dehydrator: a drop crossed out.
  7: { stroke: 'M12 4l5 8a5 5 0 1 1-10 0zM5 19L19 5' },
  // Pipeline: a pipe with a flange.
  8: { stroke: 'M3 10h18M3 14h18M10 7v10M14 7v10' },
  // Heater treater: an upright vessel with a fire tube.
  9: { stroke: 'M8 4h8v16H8zM10 15c1-2 3-2 4 0' },
  // Combustor: a stack over a box.
  10: { stroke: 'M6 12h12v8H6zM10 12V4h4v8', fill: 'M12 14c2 1 2 3 0 4c-2-1-2-3 0-4z' },
  // Vapor recovery unit: a loop arrow.
  11: { stroke: 'M18 12a6 6 0 1 1-2-4.5M16 3v5h-5' },
  // Meter run: a dial in a box.
  12: { stroke: 'M5 6h14v12H5zM12 15l3-4M8 15h8' },
  // Valve: a bow tie with a handwheel stem.
  13: { stroke: 'M4 9v8l16-8v8zM12 13V5M8 5h8' },
  // Connector: two flanged ends bolted together.
  14: { stroke: 'M3 12h6M15 12h6M9 6v12M15 6v12M9 9h6M9 15h6' },
  // Pig launcher: a barrel with the pig leaving it.
  15: { stroke: 'M3 8h11v8H3z', fill: 'M16 8l5 4-5 4z' },
  // Truck loadout: a tank truck.
  16: { stroke: 'M3 8h11v8H3zM14 11h4l3 3v2h-7zM7 19a1.5 1.5 0 1 0 0.1 0M17 19a1.5 1.5 0 1 0 0.1 0' },
  // Produced water tank: a cylinder holding a wave.
  17: { stroke: 'M6 7c0-3 12-3 12 0v12H6zM8 14c1.3-1.5 2.7-1.5 4 0s2.7 1.5 4 0' },
  // Engine: a piston in its cylinder.
  18: { stroke: 'M7 4h10v9H7zM10 13v4M14 13v4M8 20h8M9 8h6' },
  // Thief hatch: a tank roof with its lid lifted.
  19: { stroke: 'M5 20v-9h14v9M9 11l1-5h6' },
  // Pressure relief valve: a seat venting upward.
  20: { stroke: 'M12 20V6M8 10l4-4 4 4M7 20h10M9 16h6' },
  // Open-ended line: a pipe with nothing on its end.
  21: { stroke: 'M3 10h11M3 14h11M14 7v10M17 9l3-2M17 12h4M17 15l3 2' },
  // Pneumatic pump: a wheel with a stroke arrow.
  22: { stroke: 'M12 5a7 7 0 1 1 0 14a7 7 0 1 1 0-14zM8 12h8M13 9l3 3-3 3' },
  // Chemical injection pump: a syringe.
  23: { stroke: 'M5 19l3-3M8 16l8-8 3 3-8 8zM14 6l4 4M16 4l4 4' },
  // Amine unit: a tower with trays.
  24: { stroke: 'M9 3h6v18H9zM9 8h6M9 13h6M9 18h6M5 21h14' },
  // Line heater: a coil.
  25: { stroke: 'M3 12c1.5-5 3-5 4.5 0s3 5 4.5 0 3-5 4.5 0 3 5 4.5 0' },
  // Water pit: an open pit with water.
  26: { stroke: 'M3 8l3 10h12l3-10M7 12c1.7-1.5 3.3-1.5 5 0s3.3 1.5 5 0' },
  // Well completion: a rig's derrick.
  27: { stroke: 'M12 3L7 21M12 3l5 18M9.5 12h5M8 17h8M5 21h14' },
  // Liquids unloading: an arrow into a tray.
  28: { stroke: 'M12 3v11M8 10l4 4 4-4M5 16v4h14v-4' },
  // Enclosed building: a shed.
  29: { stroke: 'M4 11l8-7 8 7v9H4zM10 20v-5h4v5' },
  // Other: three dots.
  30: { stroke: 'M12 5a7 7 0 1 1 0 14a7 7 0 1 1 0-14z', fill: 'M7 11h2v2H7zM11 11h2v2h-2zM15 11h2v2h-2z' },
};

/** The mark of a source without a known category: a plain ring. */
export const UNCATEGORIZED_GLYPH: Glyph = { stroke: 'M12 7a5 5 0 1 1 0 10a5 5 0 1 1 0-10z' };
export const UNCATEGORIZED_ICON = 'uncategorized';

/** The atlas key of a source's category. */
export function sourceIconKey(categoryId: number | null): string {
  return categoryId !== null && categoryId in CATEGORY_GLYPHS ? `category-${categoryId}` : UNCATEGORIZED_ICON;
}

export function glyphOf(categoryId: number | null): Glyph {
  return categoryId !== null && categoryId in CATEGORY_GLYPHS
    ? CATEGORY_GLYPHS[categoryId as SourceCategoryId]
    : UNCATEGORIZED_GLYPH;
}

/** Every icon of the atlas with its key, categories in id order, then the uncategorized ring. */
export function atlasGlyphs(): { key: string; glyph: Glyph }[] {
  return [
    ...SOURCE_CATEGORIES.map((c) => ({ key: sourceIconKey(c.id), glyph: CATEGORY_GLYPHS[c.id] })),
    { key: UNCATEGORIZED_ICON, glyph: UNCATEGORIZED_GLYPH },
  ];
}

/** Where each icon lies in an atlas of `columns` cells of `cell` pixels, for deck.gl's IconLayer (drawn as masks). */
export function atlasMapping(
  cell: number,
  columns: number,
): Record<string, { x: number; y: number; width: number; height: number; mask: true }> {
  return Object.fromEntries(
    atlasGlyphs().map(({ key }, i) => [
      key,
      { x: (i % columns) * cell, y: Math.floor(i / columns) * cell, width: cell, height: cell, mask: true },
    ]),
  );
}

/** The categories of the given sources, known ones in id order, for the map's legend; null ids as 'Uncategorized'. */
export function categoriesPresent(
  sources: readonly { sourceCategoryId: number | null }[],
): { id: number | null; name: string }[] {
  const ids = new Set(
    sources.map((s) =>
      s.sourceCategoryId !== null && s.sourceCategoryId in CATEGORY_GLYPHS ? s.sourceCategoryId : null,
    ),
  );
  return [
    ...SOURCE_CATEGORIES.filter((c) => ids.has(c.id)).map((c) => ({
      id: c.id as number | null,
      name: c.name as string,
    })),
    ...(ids.has(null) ? [{ id: null, name: UNCATEGORIZED_SOURCE }] : []),
  ];
}
