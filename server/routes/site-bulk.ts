// Bulk site upload (spec 1 §2 'Upload Sites', §4 verification, §7): multipart csvRecords; the verification call
// counts the sites an upload would create, the upsert writes every row or none. Problems in the file are an answer
// with an error field (spec 1 §7); a request without a CSV file is refused with 400.
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { bulkSitesAnswerSchema } from '@/contracts/site';
import { Permission } from '@/domain/permissions';
import { readCsvRecords } from '../http/csv-records';
import { defineLegacyRoute } from '../http/define-route';
import { applyBulkSites, planBulkSites } from '../services/site-bulk';

const params = z.object({ organizationId: queryIdSchema });

export const siteBulkRoutes = [
  defineLegacyRoute({
    method: 'POST',
    url: '/api/site/verifyBulkSites/:organizationId',
    access: [Permission.BulkSiteAddEdit],
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Checks an upload of sites and counts the new sites it would create; changes nothing',
    params,
    multipart: true,
    response: bulkSitesAnswerSchema,
    handler: async ({ request, organizationId, database }) => {
      const plan = await planBulkSites(database, await readCsvRecords(request), organizationId!);
      // A file with problems is a normal answer of a verification: the error and each row's problems.
      if (!plan.ok) return { newSites: 0, error: plan.detail, errors: plan.errors };
      return { newSites: plan.sites.filter((s) => s.id === null).length };
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/site/bulkUpsertSites/:organizationId',
    access: [Permission.BulkSiteAddEdit],
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Creates and updates sites from an upload: every row or none',
    params,
    multipart: true,
    response: bulkSitesAnswerSchema,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request);
      return database.transaction(async (tx) => {
        // Planned inside the transaction so ids checked are the ids written.
        const plan = await planBulkSites(tx, bytes, organizationId!);
        if (!plan.ok) return { rowsChanged: 0, error: plan.detail, errors: plan.errors };
        return { rowsChanged: await applyBulkSites(tx, plan.sites, organizationId!, user!) };
      });
    },
  }),
];
