// The source icons' deck.gl layer: the glyphs of source-icons.ts drawn once into a canvas atlas (white marks on
// transparent, used as masks so the layer tints them) and placed at each source over its coloured disc.
import type { Layer, TextureSource } from '@deck.gl/core';
import { IconLayer, type IconLayerProps } from '@deck.gl/layers';
import { atlasGlyphs, atlasMapping, GLYPH_SIZE, sourceIconKey } from './source-icons';

const CELL = 48;
const COLUMNS = 8;
let atlas: HTMLCanvasElement | null = null;

/** The atlas canvas, drawn on first use and kept: about 30 glyphs, one 48-pixel cell each. */
function iconAtlas(): HTMLCanvasElement {
  if (atlas) return atlas;
  const glyphs = atlasGlyphs();
  const canvas = document.createElement('canvas');
  canvas.width = CELL * COLUMNS;
  canvas.height = CELL * Math.ceil(glyphs.length / COLUMNS);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the map icons (no 2D canvas).');
  const scale = CELL / GLYPH_SIZE;
  glyphs.forEach(({ glyph }, i) => {
    ctx.save();
    ctx.translate((i % COLUMNS) * CELL, Math.floor(i / COLUMNS) * CELL);
    ctx.scale(scale, scale);
    ctx.strokeStyle = '#fff';
    ctx.fillStyle = '#fff';
    ctx.lineWidth = 2;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.stroke(new Path2D(glyph.stroke));
    if (glyph.fill) ctx.fill(new Path2D(glyph.fill));
    ctx.restore();
  });
  atlas = canvas;
  return canvas;
}

/**
 * An atlas drawn in the page for an IconLayer. Its typings name only a URL or a Texture, but the prop is deck.gl's
 * image type, which takes any TextureSource (a canvas) at run time; a data: or blob: URL would be fetched, and the
 * CSP's connect-src refuses both.
 */
export function canvasAtlas(canvas: HTMLCanvasElement): IconLayerProps['iconAtlas'] {
  return asImageProp(canvas);
}
const asImageProp = (source: TextureSource) => source as Exclude<IconLayerProps['iconAtlas'], string | undefined>;

export interface SourceIcon {
  lng: number;
  lat: number;
  categoryId: number | null;
}

/** The category glyphs of the sources, `sizePixels` wide, in one colour over their discs; not pickable (the disc is). */
export function sourceIconLayer(
  id: string,
  icons: readonly SourceIcon[],
  opts: { sizePixels: number; visible: boolean },
): Layer {
  return new IconLayer<SourceIcon>({
    id,
    data: icons,
    iconAtlas: canvasAtlas(iconAtlas()),
    iconMapping: atlasMapping(CELL, COLUMNS),
    getIcon: (s) => sourceIconKey(s.categoryId),
    getPosition: (s) => [s.lng, s.lat],
    getSize: opts.sizePixels,
    sizeUnits: 'pixels',
    getColor: [255, 255, 255, 255],
    pickable: false,
    visible: opts.visible,
  });
}
