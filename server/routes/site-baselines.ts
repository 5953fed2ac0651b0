// Site baselines (spec 3 §7 'Site baselines'): calculate, create, edit effective dates, end, delete, restore, details,
// a site's history, the list, the organization's status, and the baselines in force over a window.
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import { baselineCalculationSchema, siteBaselineListRowSchema, siteBaselineSchema } from '@/contracts/emissions';
import { baselineCreateSchema, baselineInputSchema } from '@/domain/baselines';
import { Permission } from '@/domain/permissions';
import { defineLegacyRoute } from '../http/define-route';
import {
  baselineDetails,
  baselineList,
  baselinesInWindow,
  calculate,
  createBaseline,
  editEffectiveDates,
  endBaseline,
  setDeleted,
  siteHistory,
} from '../services/baselines';

const access = [Permission.SiteBaselineAdministration];
const orgQuery = z.object({ organizationId: queryIdSchema });
const idParams = z.object({ id: queryIdSchema });
const orgBody = { from: 'body', key: 'organizationId' } as const;
const orgFromQuery = { from: 'query', key: 'organizationId' } as const;
const example = { organizationId: 1, siteId: 1, baselineType: 0, yearlyEmissionInventory: 1000, activities: [] };

export const siteBaselineRoutes = [
  defineLegacyRoute({
    method: 'POST',
    url: '/api/siteBaseline/calculate/',
    access,
    orgScope: orgBody,
    summary:
      'Calculates a baseline from its inputs: baseline, 7- and 90-day thresholds, daily volumes, max-for-site-type',
    body: baselineInputSchema,
    response: baselineCalculationSchema,
    example: { body: example },
    handler: ({ body, database }) => calculate(database, body),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/siteBaseline/create/',
    access,
    orgScope: orgBody,
    summary: 'Creates a baseline (calculated here); without an effective-to it replaces the active one',
    body: baselineCreateSchema,
    response: siteBaselineSchema,
    example: { body: { ...example, effectiveFrom: '2026-01-01T00:00:00Z' } },
    handler: ({ body, user, database }) =>
      database.transaction((tx) => createBaseline(tx, body, { userId: user!.id, userName: user!.email })),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/siteBaseline/edit/',
    access,
    orgScope: orgBody,
    summary: "Changes a baseline's effective dates",
    body: z.object({
      organizationId: idSchema,
      id: idSchema,
      effectiveFrom: z.iso.datetime({ offset: true }).nullable(),
      effectiveTo: z.iso.datetime({ offset: true }).nullable(),
    }),
    response: siteBaselineSchema,
    example: { body: { id: 1, effectiveFrom: '2026-01-01T00:00:00Z', effectiveTo: null } },
    handler: ({ body, organizationId, user, database }) =>
      database.transaction((tx) =>
        editEffectiveDates(tx, organizationId!, body.id, body.effectiveFrom, body.effectiveTo, {
          userId: user!.id,
          userName: user!.email,
        }),
      ),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/siteBaseline/end/:id',
    access,
    orgScope: orgFromQuery,
    summary: 'Ends an active baseline now',
    params: idParams,
    query: orgQuery,
    response: siteBaselineSchema,
    handler: ({ params, organizationId, user, database }) =>
      database.transaction((tx) =>
        endBaseline(tx, organizationId!, params.id, { userId: user!.id, userName: user!.email }, new Date()),
      ),
  }),
  defineLegacyRoute({
    method: 'DELETE',
    url: '/api/siteBaseline/delete/:id',
    access,
    orgScope: orgFromQuery,
    summary: 'Deletes a baseline (restorable)',
    params: idParams,
    query: orgQuery,
    response: siteBaselineSchema,
    handler: ({ params, organizationId, user, database }) =>
      database.transaction((tx) =>
        setDeleted(tx, organizationId!, params.id, true, { userId: user!.id, userName: user!.email }),
      ),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/siteBaseline/restore/',
    access,
    orgScope: orgBody,
    summary: 'Restores a deleted baseline with its effective dates',
    body: z.object({ organizationId: idSchema, id: idSchema }),
    response: siteBaselineSchema,
    example: { body: { id: 1 } },
    handler: ({ body, organizationId, user, database }) =>
      database.transaction((tx) =>
        setDeleted(tx, organizationId!, body.id, false, { userId: user!.id, userName: user!.email }),
      ),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/siteBaseline/details/:id',
    access,
    orgScope: orgFromQuery,
    summary: 'One baseline with its inputs and calculation',
    params: idParams,
    query: orgQuery,
    response: siteBaselineSchema,
    handler: ({ params, organizationId, database }) => baselineDetails(database, organizationId!, params.id),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/siteBaseline/siteHistory/',
    access,
    orgScope: orgFromQuery,
    summary: "A site's baselines, newest first, deleted ones included",
    query: orgQuery.extend({ siteId: queryIdSchema }),
    response: z.array(siteBaselineSchema),
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) => siteHistory(database, organizationId!, query.siteId),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/siteBaseline/list/',
    access,
    orgScope: orgFromQuery,
    summary: 'Every site of the organization with its active baseline',
    query: orgQuery,
    response: z.array(siteBaselineListRowSchema),
    handler: ({ organizationId, database }) => baselineList(database, organizationId!),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/siteBaseline/status',
    access: 'authenticated',
    orgScope: orgFromQuery,
    summary: 'Whether any site of the organization has an active baseline',
    query: orgQuery,
    response: z.object({ hasActiveBaselines: z.boolean() }),
    handler: async ({ organizationId, database }) => {
      const [row] = await database.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM site_baselines b JOIN sites s ON s.id = b.site_id WHERE s.organization_id = $1 AND s.deleted_at IS NULL AND b.deleted_at IS NULL AND b.effective_to IS NULL) AS any`,
        [organizationId],
      );
      return { hasActiveBaselines: row?.any ?? false };
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/data/siteBaselines',
    access: 'authenticated',
    orgScope: orgFromQuery,
    summary: 'The baselines in force at a site over a window',
    query: orgQuery.extend({
      siteId: queryIdSchema,
      startTime: z.iso.datetime({ offset: true }),
      endTime: z.iso.datetime({ offset: true }),
    }),
    response: z.array(
      z.object({ effectiveFrom: z.string(), effectiveTo: z.string().nullable(), baselineRate: z.number() }),
    ),
    example: { query: { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z' } },
    handler: ({ query, organizationId, database }) =>
      baselinesInWindow(database, organizationId!, query.siteId, query.startTime, query.endTime),
  }),
];
