// CH4 emission targets (spec 3 §7 'Emission targets'): the grid, the CSV template, the bulk upsert and delete.
import {
  bulkUpsertEmissionTargetsEndpoint,
  deleteEmissionTargetEndpoint,
  emissionTargetListEndpoint,
  emissionTargetTemplateEndpoint,
} from '@/contracts/emission';
import { toCsv } from '@/domain/csv';
import { EMISSION_TARGET_COLUMNS } from '@/domain/emission-target';
import { readCsvRecords } from '../http/csv-records';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { applyEmissionTargetUpload, deleteEmissionTarget, listEmissionTargets } from '../services/emission-target';

export const emissionTargetRoutes = [
  defineRoute(emissionTargetListEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Every site of the organization with its monthly CH4 target, if any',
    handler: ({ organizationId, database }) => listEmissionTargets(database, organizationId!),
  }),
  defineRoute(emissionTargetTemplateEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "The upload template: the organization's sites with their current targets",
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
  defineRoute(bulkUpsertEmissionTargetsEndpoint, {
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Sets the targets of the CSV rows (field csvRecords); every row or none; answers the changed row count',
    multipart: true,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request, 'csvRecords');
      const today = new Date().toISOString().slice(0, 10);
      try {
        return {
          count: await applyEmissionTargetUpload(
            database,
            bytes,
            organizationId!,
            { userId: user!.id, userName: user!.email },
            today,
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
  defineRoute(deleteEmissionTargetEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: 'Removes a target (kept for its history)',
    handler: async ({ params, organizationId, user, database }) => {
      await deleteEmissionTarget(database, params.id, organizationId!, { userId: user!.id, userName: user!.email });
      return { id: params.id };
    },
  }),
];
