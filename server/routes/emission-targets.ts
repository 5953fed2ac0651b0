// CH4 emission targets (spec 3 §7 'Emission targets'): the grid, the CSV template, the bulk upsert and delete.
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { emissionTargetRowSchema, emissionTargetUploadAnswerSchema } from '@/contracts/emissions';
import { toCsv } from '@/domain/csv';
import { EMISSION_TARGET_COLUMNS } from '@/domain/emission-targets';
import { Permission } from '@/domain/permissions';
import { readCsvRecords } from '../http/csv-records';
import { defineLegacyRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { applyEmissionTargetUpload, deleteEmissionTarget, listEmissionTargets } from '../services/emission-targets';

const access = [Permission.EmissionTargetEdit];
const orgQuery = z.object({ organizationId: queryIdSchema });

export const emissionTargetRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/emissionTargets/getEmissionTargets',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Every site of the organization with its monthly CH4 target, if any',
    query: orgQuery,
    response: z.array(emissionTargetRowSchema),
    handler: ({ organizationId, database }) => listEmissionTargets(database, organizationId!),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/emissionTargets/template/',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The upload template: the organization's sites with their current targets",
    query: orgQuery,
    raw: true,
    handler: async ({ organizationId, database, reply }) => {
      const rows = await listEmissionTargets(database, organizationId!);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="EmissionTargetTemplate.csv"')
        .send(
          toCsv(
            EMISSION_TARGET_COLUMNS.map((c) => c.header),
            rows.map((r) => [r.name, r.alias, r.effectiveFrom, r.targetVolumePerMonth]),
          ),
        );
    },
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/emissionTargets/bulkUpsertEmissionTargets/:organizationId',
    access,
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Sets the targets of the CSV rows (field csvRecords); every row or none; answers the changed row count',
    params: z.object({ organizationId: queryIdSchema }),
    multipart: true,
    response: emissionTargetUploadAnswerSchema,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request, 'csvRecords');
      const today = new Date().toISOString().slice(0, 10);
      try {
        return {
          count: await database.transaction((tx) =>
            applyEmissionTargetUpload(tx, bytes, organizationId!, { userId: user!.id, userName: user!.email }, today),
          ),
        };
      } catch (e) {
        // A file with problems is an answer, as for the other bulk uploads: nothing was written.
        if (e instanceof DomainError && e.kind === 'Invalid')
          return { count: 0, error: e.message, errors: e.errors ?? {} };
        throw e;
      }
    },
  }),
  defineLegacyRoute({
    method: 'DELETE',
    url: '/api/emissionTargets/delete/:id',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Removes a target (kept for its history)',
    params: z.object({ id: queryIdSchema }),
    query: orgQuery,
    response: z.object({ id: z.number() }),
    handler: async ({ params, organizationId, user, database }) => {
      await deleteEmissionTarget(database, params.id, organizationId!, { userId: user!.id, userName: user!.email });
      return { id: params.id };
    },
  }),
];
