// Site baselines (spec 3 §7 'Site baselines'): calculate, create, edit effective dates, end, delete, restore, details,
// a site's history, the list, the organization's status, and the baselines in force over a window.
import {
  baselineDetailsEndpoint,
  baselineListEndpoint,
  baselineStatusEndpoint,
  calculateBaselineEndpoint,
  createBaselineEndpoint,
  deleteBaselineEndpoint,
  editBaselineEndpoint,
  endBaselineEndpoint,
  restoreBaselineEndpoint,
  siteBaselineHistoryEndpoint,
  siteBaselinesEndpoint,
} from '@/contracts/emission';
import { defineRoute } from '../http/define-route';
import {
  baselineDetails,
  baselineList,
  baselinesInWindow,
  calculate,
  createBaseline,
  editEffectiveDates,
  endBaseline,
  hasActiveBaselines,
  setDeleted,
  siteHistory,
} from '../services/site-baseline';

const orgBody = { from: 'body', key: 'organizationId' } as const;
const orgFromQuery = { from: 'query', key: 'organizationId' } as const;
const example = { organizationId: 1, siteId: 1, baselineType: 0, yearlyEmissionInventory: 1000, activities: [] };

export const siteBaselineRoutes = [
  defineRoute(calculateBaselineEndpoint, {
    orgScope: orgBody,
    summary:
      'Calculates a baseline from its inputs: baseline, 7- and 90-day thresholds, daily volumes, max-for-site-type',
    example: { body: example },
    handler: ({ body, database }) => calculate(database, body),
  }),
  defineRoute(createBaselineEndpoint, {
    orgScope: orgBody,
    summary: 'Creates a baseline (calculated here); without an effective-to it replaces the active one',
    example: { body: { ...example, effectiveFrom: '2026-01-01T00:00:00Z' } },
    handler: ({ body, user, database }) => createBaseline(database, body, { userId: user!.id, userName: user!.email }),
  }),
  defineRoute(editBaselineEndpoint, {
    orgScope: orgBody,
    summary: "Changes a baseline's effective dates",
    example: { body: { id: 1, effectiveFrom: '2026-01-01T00:00:00Z', effectiveTo: null } },
    handler: ({ body, organizationId, user, database }) =>
      editEffectiveDates(database, organizationId!, body.id, body.effectiveFrom, body.effectiveTo, {
        userId: user!.id,
        userName: user!.email,
      }),
  }),
  defineRoute(endBaselineEndpoint, {
    orgScope: orgFromQuery,
    summary: 'Ends an active baseline now',
    handler: ({ params, organizationId, user, database }) =>
      endBaseline(database, organizationId!, params.id, { userId: user!.id, userName: user!.email }, new Date()),
  }),
  defineRoute(deleteBaselineEndpoint, {
    orgScope: orgFromQuery,
    summary: 'Deletes a baseline (restorable)',
    handler: ({ params, organizationId, user, database }) =>
      setDeleted(database, organizationId!, params.id, true, { userId: user!.id, userName: user!.email }),
  }),
  defineRoute(restoreBaselineEndpoint, {
    orgScope: orgBody,
    summary: 'Restores a deleted baseline with its effective dates',
    example: { body: { id: 1 } },
    handler: ({ body, organizationId, user, database }) =>
      setDeleted(database, organizationId!, body.id, false, { userId: user!.id, userName: user!.email }),
  }),
  defineRoute(baselineDetailsEndpoint, {
    orgScope: orgFromQuery,
    summary: 'One baseline with its inputs and calculation',
    handler: ({ params, organizationId, database }) => baselineDetails(database, organizationId!, params.id),
  }),
  defineRoute(siteBaselineHistoryEndpoint, {
    orgScope: orgFromQuery,
    summary: "A site's baselines, newest first, deleted ones included",
    example: { query: { siteId: '1' } },
    handler: ({ query, organizationId, database }) =>
      siteHistory(database, { organizationId: organizationId!, siteId: query.siteId }),
  }),
  defineRoute(baselineListEndpoint, {
    orgScope: orgFromQuery,
    summary: 'Every site of the organization with its active baseline',
    handler: ({ organizationId, database }) => baselineList(database, organizationId!),
  }),
  defineRoute(baselineStatusEndpoint, {
    orgScope: orgFromQuery,
    summary: 'Whether any site of the organization has an active baseline',
    handler: async ({ organizationId, database }) => ({
      hasActiveBaselines: await hasActiveBaselines(database, organizationId!),
    }),
  }),
  defineRoute(siteBaselinesEndpoint, {
    orgScope: orgFromQuery,
    summary: 'The baselines in force at a site over a window',
    example: { query: { siteId: '1', startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z' } },
    handler: ({ query, organizationId, database }) =>
      baselinesInWindow(
        database,
        { organizationId: organizationId!, siteId: query.siteId },
        query.startTime,
        query.endTime,
      ),
  }),
];
