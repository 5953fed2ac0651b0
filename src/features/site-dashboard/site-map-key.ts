// The site map's key (spec 3 §2 'Map'): one entry for each kind of mark the map draws, in the colour its layer draws
// it. The colours are read from the layers' own constants, so the key cannot drift from the map.
import { TONE_RGBA } from '@/domain/map';
import { CAMERA_CASING_RGB, CAMERA_RGB } from '@/entities/site/camera-layers';
import { ADJACENT_RGBA } from './adjacent-sites';

export type Rgb = readonly [number, number, number];

export interface SiteMapKeyEntry {
  label: string;
  rgb: Rgb;
  /** dot: a marker; footprint: a structure's outline; cone: a camera's marker with its dashed field of view. */
  swatch: 'dot' | 'footprint' | 'cone';
}

const rgb = (rgba: readonly number[]): Rgb => [rgba[0]!, rgba[1]!, rgba[2]!];

/** The key's entries: structures only while their layer is on, cameras only where the site has them. */
export function siteMapKeyEntries(shown: { structures: boolean; cameras: boolean }): SiteMapKeyEntry[] {
  return [
    { label: 'Device', rgb: rgb(TONE_RGBA.green), swatch: 'dot' },
    { label: 'Quarantined device', rgb: rgb(TONE_RGBA.amber), swatch: 'dot' },
    { label: 'Earlier stay', rgb: rgb(TONE_RGBA.grey), swatch: 'dot' },
    { label: 'Source that emitted in the range', rgb: rgb(TONE_RGBA.red), swatch: 'dot' },
    { label: 'Other source', rgb: rgb(TONE_RGBA.blue), swatch: 'dot' },
    { label: 'Other site (click to open)', rgb: rgb(ADJACENT_RGBA), swatch: 'dot' },
    ...(shown.cameras
      ? [{ label: 'Camera (dashed cone: its field of view)', rgb: CAMERA_RGB, swatch: 'cone' as const }]
      : []),
    // The footprints' outline; their fill is light (STRUCTURE_FILL).
    ...(shown.structures ? [{ label: 'Structure', rgb: [30, 41, 59] as const, swatch: 'footprint' as const }] : []),
  ];
}

/** The dark casing round the camera's marker and dashes. */
export const CAMERA_CASING: Rgb = CAMERA_CASING_RGB;
export const STRUCTURE_FILL: Rgb = [226, 232, 240];

export const rgbCss = (c: Rgb, alpha = 1) => `rgb(${c[0]} ${c[1]} ${c[2]} / ${alpha})`;
