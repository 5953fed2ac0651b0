// Which coordinate system a GeoTIFF's geokeys describe, as a proj4 definition: EPSG codes (UTM zones by formula,
// others from the generated table) and user-defined projections spelled out key by key, as GDAL writes them.
import { EPSG_PROJ4 } from './epsg-proj4';

export type GeoKeys = Partial<Record<string, unknown>>;

export type CrsResolution =
  | { kind: 'lonlat'; def: string | null; label: string }
  | { kind: 'projected'; def: string; label: string }
  | { kind: 'unknown'; reason: string };

const USER_DEFINED = 32767;
const WEB_MERCATOR = new Set([3857, 3785, 900913, 102100, 102113]);
const WEB_MERCATOR_DEF =
  '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null';

const numKey = (keys: GeoKeys, name: string): number | null => {
  const v = keys[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
};

const DATUM_BY_GEOGCS: ReadonlyMap<number, string> = new Map([
  [4326, '+datum=WGS84'],
  [4269, '+datum=NAD83'],
  [4267, '+datum=NAD27'],
  [4258, '+ellps=GRS80 +towgs84=0,0,0'],
  [4283, '+ellps=GRS80 +towgs84=0,0,0'],
  [4617, '+ellps=GRS80 +towgs84=0,0,0'],
  [4152, '+ellps=GRS80 +towgs84=0,0,0'],
  [6318, '+ellps=GRS80 +towgs84=0,0,0'],
]);
const DATUM_BY_DATUM: ReadonlyMap<number, string> = new Map([
  [6326, '+datum=WGS84'],
  [6269, '+datum=NAD83'],
  [6267, '+datum=NAD27'],
  [6258, '+ellps=GRS80 +towgs84=0,0,0'],
  [6283, '+ellps=GRS80 +towgs84=0,0,0'],
]);
const ELLIPSOIDS: ReadonlyMap<number, string> = new Map([
  [7030, '+ellps=WGS84'],
  [7019, '+ellps=GRS80'],
  [7008, '+ellps=clrk66'],
  [7004, '+ellps=bessel'],
  [7022, '+ellps=intl'],
]);

const UNIT_METRES: ReadonlyMap<number, [string, number]> = new Map([
  [9001, ['m', 1]],
  [9036, ['km', 1000]],
  [9002, ['ft', 0.3048]],
  [9003, ['us-ft', 1200 / 3937]],
]);

/** The datum or ellipsoid part of a definition, or null when the keys do not say. */
function datumOf(keys: GeoKeys): string | null {
  const geog = numKey(keys, 'GeographicTypeGeoKey');
  if (geog !== null && geog !== USER_DEFINED) {
    const known = DATUM_BY_GEOGCS.get(geog);
    if (known) return known;
    const def = EPSG_PROJ4.get(geog);
    const datum = def?.match(/\+(datum|ellps)=\S+(\s\+towgs84=\S+)?/);
    if (datum) return datum[0];
  }
  const datum = numKey(keys, 'GeogGeodeticDatumGeoKey');
  if (datum !== null && DATUM_BY_DATUM.has(datum)) return DATUM_BY_DATUM.get(datum)!;
  const ellipsoid = numKey(keys, 'GeogEllipsoidGeoKey');
  if (ellipsoid !== null && ELLIPSOIDS.has(ellipsoid)) return ELLIPSOIDS.get(ellipsoid)!;
  // Axes are in the geographic linear unit. Files that leave the unit out but give the Earth's radius as about 6371
  // mean kilometres: no ellipsoid is under 10,000 m.
  const unitKey = numKey(keys, 'GeogLinearUnitsGeoKey');
  const axisMetres = UNIT_METRES.get(unitKey ?? 9001)?.[1] ?? null;
  if (axisMetres === null) return null;
  const axis = (name: string) => {
    const v = numKey(keys, name);
    if (v === null) return null;
    return unitKey === null && v < 10_000 ? v * 1000 : v * axisMetres;
  };
  const a = axis('GeogSemiMajorAxisGeoKey');
  const rf = numKey(keys, 'GeogInvFlatteningGeoKey');
  const b = axis('GeogSemiMinorAxisGeoKey');
  if (a !== null && rf !== null) return rf === 0 ? `+a=${a} +b=${a}` : `+a=${a} +rf=${rf}`;
  if (a !== null && b !== null) return `+a=${a} +b=${b}`;
  return null;
}

/** UTM zones of WGS 84, NAD83 and NAD27 by their EPSG code. */
export function utmDefinition(code: number): string | null {
  const zone = (base: number, first: number, last: number) =>
    code >= base + first && code <= base + last ? code - base : null;
  let z: number | null;
  if ((z = zone(32600, 1, 60)) !== null) return `+proj=utm +zone=${z} +datum=WGS84 +units=m`;
  if ((z = zone(32700, 1, 60)) !== null) return `+proj=utm +zone=${z} +south +datum=WGS84 +units=m`;
  if ((z = zone(26900, 1, 23)) !== null) return `+proj=utm +zone=${z} +datum=NAD83 +units=m`;
  if ((z = zone(26700, 3, 22)) !== null) return `+proj=utm +zone=${z} +datum=NAD27 +units=m`;
  return null;
}

/** A user-defined projection (ProjectedCSTypeGeoKey 32767) from its parameter keys. */
function userDefinedProjection(keys: GeoKeys, datum: string): string | null {
  const projection = numKey(keys, 'ProjectionGeoKey');
  if (projection !== null && projection >= 16001 && projection <= 16060)
    return `+proj=utm +zone=${projection - 16000} ${datum} +units=m`;
  if (projection !== null && projection >= 16101 && projection <= 16160)
    return `+proj=utm +zone=${projection - 16100} +south ${datum} +units=m`;
  const unitCode = numKey(keys, 'ProjLinearUnitsGeoKey') ?? 9001;
  const unit = UNIT_METRES.get(unitCode);
  if (!unit) return null;
  const [unitName, metres] = unit;
  const k = (name: string) => numKey(keys, name);
  const easting = (k('ProjFalseEastingGeoKey') ?? k('ProjFalseOriginEastingGeoKey') ?? 0) * metres;
  const northing = (k('ProjFalseNorthingGeoKey') ?? k('ProjFalseOriginNorthingGeoKey') ?? 0) * metres;
  const lon0 =
    k('ProjNatOriginLongGeoKey') ??
    k('ProjFalseOriginLongGeoKey') ??
    k('ProjCenterLongGeoKey') ??
    k('ProjStraightVertPoleLongGeoKey') ??
    0;
  const lat0 = k('ProjNatOriginLatGeoKey') ?? k('ProjFalseOriginLatGeoKey') ?? k('ProjCenterLatGeoKey') ?? 0;
  const scale = k('ProjScaleAtNatOriginGeoKey') ?? k('ProjScaleAtCenterGeoKey') ?? 1;
  const tail = `+x_0=${easting} +y_0=${northing} ${datum} +units=${unitName}`;
  switch (numKey(keys, 'ProjCoordTransGeoKey')) {
    case 1:
      return `+proj=tmerc +lat_0=${lat0} +lon_0=${lon0} +k=${scale} ${tail}`;
    case 7:
      return `+proj=merc +lon_0=${lon0} +k=${scale} ${tail}`;
    case 8:
      return `+proj=lcc +lat_0=${lat0} +lon_0=${lon0} +lat_1=${k('ProjStdParallel1GeoKey') ?? lat0} +lat_2=${k('ProjStdParallel2GeoKey') ?? lat0} ${tail}`;
    case 9:
      return `+proj=lcc +lat_0=${lat0} +lat_1=${lat0} +lon_0=${lon0} +k_0=${scale} ${tail}`;
    case 10:
      return `+proj=laea +lat_0=${lat0} +lon_0=${lon0} ${tail}`;
    case 11:
      return `+proj=aea +lat_0=${lat0} +lon_0=${lon0} +lat_1=${k('ProjStdParallel1GeoKey') ?? lat0} +lat_2=${k('ProjStdParallel2GeoKey') ?? lat0} ${tail}`;
    case 14:
      return `+proj=stere +lat_0=${lat0} +lon_0=${lon0} +k=${scale} ${tail}`;
    case 16:
      return `+proj=sterea +lat_0=${lat0} +lon_0=${lon0} +k=${scale} ${tail}`;
    case 15:
      return `+proj=stere +lat_0=${lat0 >= 0 ? 90 : -90} +lat_ts=${k('ProjStdParallel1GeoKey') ?? lat0} +lon_0=${lon0} +k=${scale} ${tail}`;
    default:
      return null;
  }
}

export function resolveCrs(keys: GeoKeys | null): CrsResolution {
  if (!keys || Object.keys(keys).length === 0) return { kind: 'unknown', reason: 'it has no geokeys' };
  const model = numKey(keys, 'GTModelTypeGeoKey');
  if (model === 2) {
    const geog = numKey(keys, 'GeographicTypeGeoKey');
    if (geog === 4326) return { kind: 'lonlat', def: null, label: 'EPSG:4326' };
    const datum = datumOf(keys);
    if (!datum) return { kind: 'unknown', reason: `geographic system ${geog ?? 'without a datum'} is not known` };
    if (datum === '+datum=WGS84' || datum === '+ellps=WGS84') return { kind: 'lonlat', def: null, label: 'WGS 84' };
    return {
      kind: 'lonlat',
      def: `+proj=longlat ${datum}`,
      label: geog && geog !== USER_DEFINED ? `EPSG:${geog}` : 'user-defined geographic',
    };
  }
  if (model === 1) {
    const code = numKey(keys, 'ProjectedCSTypeGeoKey');
    if (code !== null && code !== USER_DEFINED) {
      if (WEB_MERCATOR.has(code)) return { kind: 'projected', def: WEB_MERCATOR_DEF, label: `EPSG:${code}` };
      const def = utmDefinition(code) ?? EPSG_PROJ4.get(code);
      if (def) return { kind: 'projected', def, label: `EPSG:${code}` };
      return { kind: 'unknown', reason: `EPSG:${code} is not known` };
    }
    const datum = datumOf(keys);
    if (!datum) return { kind: 'unknown', reason: 'its projection has no datum' };
    const def = userDefinedProjection(keys, datum);
    return def
      ? { kind: 'projected', def, label: 'user-defined projection' }
      : { kind: 'unknown', reason: 'its projection is not supported' };
  }
  return {
    kind: 'unknown',
    reason: model === 3 ? 'geocentric coordinates are not supported' : 'it does not say its model type',
  };
}
