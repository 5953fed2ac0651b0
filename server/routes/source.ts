// Sources of the Site edit screen (spec 3 §7 'Site, source, structure, basemap, deployment plan'): a site's sources
// (deleted ones on request), save with the group by name, soft delete and restore, and the organization's source
// groups. Writes need SiteEdit or SiteDeploymentEdit (README 'Site edit'); the category options are
// GET /api/sourceCategory/options/ (emissions.ts).
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { sourceEditSchema, sourceGroupOptionSchema } from '@/contracts/site-edit';
import { Permission } from '@/domain/permissions';
import { sourceEditBodySchema } from '@/domain/sources';
import { defineLegacyRoute } from '../http/define-route';
import { listSiteSources, saveSource, setSourceDeleted, sourceGroupOptions } from '../services/site-edit-sources';

export const SITE_EDIT_WRITE = [Permission.SiteEdit, Permission.SiteDeploymentEdit];
const id = queryIdSchema;
const orgQuery = { from: 'query', key: 'organizationId' } as const;

const softDelete = (action: 'delete' | 'restore') =>
  defineLegacyRoute({
    method: 'POST',
    url: action === 'delete' ? '/api/source/deleteSource/' : '/api/source/restoreSource/',
    access: SITE_EDIT_WRITE,
    orgScope: orgQuery,
    summary:
      action === 'delete' ? 'Soft-deletes a source (deletedAt); its emissions stay' : 'Restores a soft-deleted source',
    query: z.object({ organizationId: id, sourceId: id }),
    response: sourceEditSchema,
    example: { query: { sourceId: '1' } },
    handler: ({ query, organizationId, user, database }) =>
      database.transaction((tx) =>
        setSourceDeleted(tx, organizationId!, query.sourceId, action === 'delete', {
          userId: user!.id,
          userName: user!.email,
        }),
      ),
  });

export const sourceRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/source/getSourceEdit/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary: "A site's sources for editing, by name; deleted ones too with includeDeleted=true",
    query: z.object({ organizationId: id, siteId: id, includeDeleted: z.enum(['true', 'false']).optional() }),
    response: z.array(sourceEditSchema),
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      listSiteSources(database, organizationId!, query.siteId, query.includeDeleted === 'true'),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/source/sourceEdit',
    access: SITE_EDIT_WRITE,
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      'Creates a source (no id or 0) or saves one; the group is found or made by name, an absent group clears it',
    body: sourceEditBodySchema,
    response: sourceEditSchema,
    example: {
      body: {
        siteId: 1,
        name: 'Tank 1',
        locationLatLng: '31.9,-102.1',
        height: 2,
        relativeImportance: 2,
        sourceCategoryId: 2,
      },
    },
    handler: ({ body, organizationId, user, database }) =>
      database.transaction((tx) => saveSource(tx, organizationId!, body, { userId: user!.id, userName: user!.email })),
  }),
  softDelete('delete'),
  softDelete('restore'),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/sourceGroup/siteGroupOptions/',
    access: 'authenticated',
    orgScope: orgQuery,
    summary: "The source groups of the organization's sites",
    query: z.object({ organizationId: id }),
    response: z.array(sourceGroupOptionSchema),
    handler: ({ organizationId, database }) => sourceGroupOptions(database, organizationId!),
  }),
];
