// Structures of the Site edit screen (spec 3 §7): a site's structures, save, delete. Writes need SiteEdit or
// SiteDeploymentEdit (README 'Site edit').
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { idAnswerSchema, structureSchema } from '@/contracts/site-edit';
import { structureEditBodySchema } from '@/domain/structures';
import { defineLegacyRoute } from '../http/define-route';
import { deleteStructure, listStructures, saveStructure } from '../services/site-edit-structures';
import { SITE_EDIT_WRITE } from './source';

const id = queryIdSchema;
const orgQuery = { from: 'query', key: 'organizationId' } as const;

export const structureRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/structure/getStructureEdit/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary: "A site's structures, by name",
    query: z.object({ organizationId: id, siteId: id }),
    response: z.array(structureSchema),
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) => listStructures(database, organizationId!, query.siteId),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/structure/structureEdit',
    access: SITE_EDIT_WRITE,
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Creates a structure (no id or 0) or saves one',
    body: structureEditBodySchema,
    response: structureSchema,
    example: {
      body: {
        siteId: 1,
        name: 'Tank battery',
        locationLatLng: '31.9,-102.1',
        footprintType: 'Box',
        footprintRotation: 0,
        footprintX: 10,
        footprintY: 5,
        footprintZ: 4,
      },
    },
    handler: ({ body, organizationId, user, database }) =>
      database.transaction((tx) =>
        saveStructure(tx, organizationId!, body, { userId: user!.id, userName: user!.email }),
      ),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/structure/deleteStructure/',
    access: SITE_EDIT_WRITE,
    orgScope: orgQuery,
    summary: 'Deletes a structure',
    query: z.object({ organizationId: id, structureId: id }),
    response: idAnswerSchema,
    example: { query: { structureId: '1' } },
    handler: async ({ query, organizationId, user, database }) => {
      await database.transaction((tx) =>
        deleteStructure(tx, organizationId!, query.structureId, { userId: user!.id, userName: user!.email }),
      );
      return { id: query.structureId };
    },
  }),
];
