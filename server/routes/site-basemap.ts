// The Site edit screen's site and basemaps (spec 3 §2 'Site edit', §7): the site as the screen shows it (deleted
// sites too), a site's basemaps, save with the image (multipart: the `basemap` JSON field and an `image` PNG or JPEG
// of at most 2 MB), delete, and the image bytes. Not the world map background (basemap.ts).
import {
  basemapImageEndpoint,
  basemapListEndpoint,
  deleteBasemapEndpoint,
  saveBasemapEndpoint,
  siteInfoEndpoint,
} from '@/contracts/site-edit';
import { defineRoute } from '../http/define-route';
import { readBasemapUpload } from '../http/basemap-upload';
import { basemapImage, deleteBasemap, listBasemaps, saveBasemap } from '../services/site-basemap';
import { loadEditSite } from '../services/site-edit';

const orgQuery = { from: 'query', key: 'organizationId' } as const;

export const siteBasemapRoutes = [
  defineRoute(siteInfoEndpoint, {
    orgScope: orgQuery,
    summary: 'The site as the edit screen heads it: name, organization, location, deleted',
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      loadEditSite(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(basemapListEndpoint, {
    orgScope: orgQuery,
    summary: "A site's basemaps, by name (the images apart)",
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      listBasemaps(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(saveBasemapEndpoint, {
    orgScope: orgQuery,
    summary: 'Creates a basemap (no id or 0, with an image) or saves one (the image kept when none is sent)',
    multipart: true,
    handler: async ({ request, organizationId, user, database }) => {
      const upload = await readBasemapUpload(request);
      return saveBasemap(database, organizationId!, upload, { userId: user!.id, userName: user!.email });
    },
  }),
  defineRoute(deleteBasemapEndpoint, {
    orgScope: orgQuery,
    summary: 'Deletes a basemap and its image',
    example: { query: { basemapId: '1' } },
    handler: async ({ query, organizationId, user, database }) => {
      await deleteBasemap(database, organizationId!, query.basemapId, { userId: user!.id, userName: user!.email });
      return { id: query.basemapId };
    },
  }),
  defineRoute(basemapImageEndpoint, {
    orgScope: orgQuery,
    summary: "A basemap's image (PNG or JPEG)",
    example: { query: { basemapId: '1' } },
    handler: async ({ query, organizationId, database, reply }) => {
      const image = await basemapImage(database, organizationId!, query.basemapId);
      return reply
        .type(image.mimeType)
        .header('cache-control', 'private, max-age=300')
        .send(Buffer.from(image.content));
    },
  }),
];
