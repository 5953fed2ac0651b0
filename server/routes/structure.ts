// Structures of the Site edit screen (spec 3 §7): a site's structures, save, delete. Writes need SiteEdit or
// SiteDeploymentEdit (README 'Site edit').
import { deleteStructureEndpoint, saveStructureEndpoint, structureListEndpoint } from '@/contracts/site-edit';
import { defineRoute } from '../http/define-route';
import { deleteStructure, listStructures, saveStructure } from '../services/structure';

const orgQuery = { from: 'query', key: 'organizationId' } as const;

export const structureRoutes = [
  defineRoute(structureListEndpoint, {
    orgScope: orgQuery,
    summary: "A site's structures, by name",
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      listStructures(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(saveStructureEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Creates a structure (no id or 0) or saves one',
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
      saveStructure(database, organizationId!, body, { userId: user!.id, userName: user!.email }),
  }),
  defineRoute(deleteStructureEndpoint, {
    orgScope: orgQuery,
    summary: 'Deletes a structure',
    example: { query: { structureId: '1' } },
    handler: async ({ query, organizationId, user, database }) => {
      await deleteStructure(database, organizationId!, query.structureId, { userId: user!.id, userName: user!.email });
      return { id: query.structureId };
    },
  }),
];
