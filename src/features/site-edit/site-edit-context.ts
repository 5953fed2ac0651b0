// The contract between the Site edit screen's shell (map on the left, tabs on the right; spec 3 §2 'Site edit') and
// its tabs, so each tab draws its own features on the one shared map and reports its unsaved changes.
// The deck.gl Layer type through the map wrapper (deck.gl is imported only by src/ui/map and the entities' *-layers.ts builders).
import type { Layer } from '@/entities/site/site-edit-layers';

export type LngLat = [longitude: number, latitude: number];

/** The tabs of the edit screen, as the `tab` query parameter names them. */
export const SITE_EDIT_TABS = ['Basemaps', 'Sources', 'Structures', 'DeploymentPlan'] as const;
export type SiteEditTab = (typeof SITE_EDIT_TABS)[number];

/** Map features are typed Structure, Source, DevicePlacementLine or DevicePlacementPoint (spec 3 §3). */
export type SiteEditFeatureType = 'Structure' | 'Source' | 'DevicePlacementLine' | 'DevicePlacementPoint';
export interface SiteEditFeatureRef {
  type: SiteEditFeatureType;
  /** Database id, or a tab-local key for features not saved yet (id 0 in the spec). */
  id: number | string;
}

/** The tab that owns a map feature: selecting a feature on the map switches to it (spec 3 §2). */
export const TAB_OF_FEATURE: Record<SiteEditFeatureType, SiteEditTab> = {
  Structure: 'Structures',
  Source: 'Sources',
  DevicePlacementLine: 'DeploymentPlan',
  DevicePlacementPoint: 'DeploymentPlan',
};

/** What a drawing gesture yields (spec 3 §4 'Site edit drawing': a point, a circle or rectangle, a line). */
export type DrawKind = 'point' | 'rectangle' | 'circle' | 'line';
export type DrawnGeometry =
  | { kind: 'point'; position: LngLat }
  | { kind: 'line'; path: LngLat[] }
  /** Rectangle and circle footprints: centre, extent in metres (x along the rotated east axis), rotation in degrees. */
  | { kind: 'rectangle' | 'circle'; center: LngLat; xMeters: number; yMeters: number; rotation: number };

export interface SiteEditMapApi {
  /**
   * Replaces the deck.gl layers one owner (a tab) draws above the basemaps. Layers handle their own picking
   * (`pickable` plus `onClick`), calling the tab's `onSelect`.
   */
  setLayers(owner: SiteEditTab, layers: Layer[]): void;
  /** Starts a drawing gesture; Escape cancels it (and the shell calls `onCancel`). */
  startDrawing(kind: DrawKind, onDone: (geometry: DrawnGeometry) => void, onCancel?: () => void): void;
  cancelDrawing(): void;
  /** Frames the given positions (the site's location alone zooms to the minimum of 13). */
  fitTo(positions: LngLat[]): void;
}

export interface SiteEditSite {
  id: number;
  name: string;
  organizationId: number;
  organizationName: string;
  location: LngLat;
  deleted: boolean;
}

export interface SiteEditTabProps {
  site: SiteEditSite;
  map: SiteEditMapApi;
  /** Unsaved changes in this tab block switching to another tab and map selection of other tabs' features. */
  onDirtyChange(dirty: boolean): void;
  /** The map feature selected for this tab (null when none). */
  selected: SiteEditFeatureRef | null;
  /** Selects a feature; the shell switches to the tab that owns it. */
  onSelect(ref: SiteEditFeatureRef | null): void;
}
