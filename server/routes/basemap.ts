// The offline basemap (architecture: map tiles are an adapter whose built-in is a style shipped with the package):
// country outlines from Natural Earth 1:50m (world-atlas) and US state lines (us-atlas), as GeoJSON, built once.
import { worldBasemapEndpoint } from '@/contracts/site-map';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeatureCollection } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { defineRoute } from '../http/define-route';

const require = createRequire(import.meta.url);
let cached: string | null = null;

function build(): string {
  const world = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{
    countries: GeometryCollection;
    land: GeometryCollection;
  }>;
  const us = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8')) as Topology<{
    states: GeometryCollection;
  }>;
  const land = feature(world, world.objects.land) as unknown as FeatureCollection | GeoJSON.Feature;
  const borders = mesh(world, world.objects.countries, (a, b) => a !== b);
  const states = mesh(us, us.objects.states, (a, b) => a !== b);
  const collection: FeatureCollection = {
    type: 'FeatureCollection',
    features: [
      ...('features' in land ? land.features : [land]).map((f) => ({ ...f, properties: { kind: 'land' } })),
      { type: 'Feature', geometry: borders, properties: { kind: 'border' } },
      { type: 'Feature', geometry: states, properties: { kind: 'state' } },
    ],
  };
  return JSON.stringify(collection);
}

export const basemapRoutes = [
  defineRoute(worldBasemapEndpoint, {
    orgScope: false,
    summary: 'Land, country borders and US state lines for the offline map background (GeoJSON)',
    handler: async ({ reply }) => {
      cached ??= build();
      return reply.type('application/geo+json').header('cache-control', 'public, max-age=86400').send(cached);
    },
  }),
];
