// Bulk site upload (spec 1 §2 'Upload Sites', §4 verification, §7): multipart csvRecords; the verification call
// counts the sites an upload would create, the upsert writes every row or none. Problems in the file are an answer
// with an error field (spec 1 §7); a request without a CSV file is refused with 400.
import { bulkUpsertSitesEndpoint, verifyBulkSitesEndpoint } from '@/contracts/site';
import { readCsvRecords } from '../http/csv-records';
import { defineRoute } from '../http/define-route';
import { planBulkSites, upsertBulkSites } from '../services/site-bulk';

export const siteBulkRoutes = [
  defineRoute(verifyBulkSitesEndpoint, {
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Checks an upload of sites and counts the new sites it would create; changes nothing',
    multipart: true,
    handler: async ({ request, organizationId, database }) => {
      const plan = await planBulkSites(database, await readCsvRecords(request), organizationId!);
      // A file with problems is a normal answer of a verification: the error and each row's problems.
      if (!plan.ok) return { newSites: 0, error: plan.detail, errors: plan.errors };
      return { newSites: plan.sites.filter((s) => s.id === null).length };
    },
  }),
  defineRoute(bulkUpsertSitesEndpoint, {
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Creates and updates sites from an upload: every row or none',
    multipart: true,
    handler: async ({ request, organizationId, user, database }) => {
      return upsertBulkSites(database, await readCsvRecords(request), organizationId!, user!);
    },
  }),
];
