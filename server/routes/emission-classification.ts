// Classifying one emission from the single-site dashboard (spec 3 §4, §5 'Classification', §7 'POST
// /emissions/classify', 'GET /emissions/getClassification/', the root causes). Reads need membership of the
// emission's organization; classify needs SiteEdit (see the README). Another organization's emission, or one of a
// deleted site, answers 404. A classification change is audited on the emission's site.
import { classifyEmissionEndpoint, emissionClassificationEndpoint } from '@/contracts/emission-classification';
import { type EmissionClassification } from '@/contracts/emission-classification';
import { classificationProblems } from '@/domain/emission-classification';
import { AlarmType } from '@/domain/enums';
import type { Queryable } from '../db/client';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { changedValues, recordAudit } from '../services/audit';

export const EMISSION_NOT_FOUND = 'Emission not found';

interface EmissionRow extends Record<string, unknown> {
  id: number;
  site_id: number;
  classification: EmissionClassification['classification'];
  root_cause_id: number | null;
}

async function emissionOf(
  db: Queryable,
  emissionId: number,
  organizationId: number,
  lock = false,
): Promise<EmissionRow> {
  const [row] = await db.query<EmissionRow>(
    `SELECT e.id, e.site_id, e.classification, e.root_cause_id
       FROM emissions e JOIN sites s ON s.id = e.site_id
      WHERE e.id = $1 AND s.organization_id = $2 AND s.deleted_at IS NULL${lock ? ' FOR UPDATE OF e' : ''}`,
    [emissionId, organizationId],
  );
  if (!row) throw new DomainError('NotFound', EMISSION_NOT_FOUND);
  return row;
}

/**
 * Whether the emission contributes to an already classified alarm: an emission alarm (not a measurement alarm) of
 * the same site whose window [start, end] the emission overlaps — the same emissions that make up the alarm's top
 * contributing sources — and whose workflow has a classification. An emission still processing runs to now.
 */
async function contributesToClassifiedAlarm(db: Queryable, emissionId: number): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM emissions e
         JOIN alarms a ON a.site_id = e.site_id AND a.alarm_type <> $2
         JOIN workflows w ON w.id = a.workflow_id
        WHERE e.id = $1 AND w.classification IS NOT NULL
          AND e.start_time <= a.end_time AND coalesce(e.end_time, now()) >= a.start_time
     ) AS found`,
    [emissionId, AlarmType.values.Measurement],
  );
  return row?.found === true;
}

const answer = async (db: Queryable, r: EmissionRow): Promise<EmissionClassification> => ({
  emissionId: r.id,
  classification: r.classification,
  rootCauseId: r.root_cause_id,
  contributesToClassifiedAlarm: await contributesToClassifiedAlarm(db, r.id),
});

export const emissionClassificationRoutes = [
  defineRoute(emissionClassificationEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "An emission's classification and root cause, and whether it contributes to an already classified alarm",
    example: { query: { emissionId: '1' } },
    handler: async ({ query, organizationId, database }) =>
      answer(database, await emissionOf(database, query.emissionId, organizationId!)),
  }),
  defineRoute(classifyEmissionEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary:
      "Sets (or clears, with null) an emission's classification; a root cause only for Fugitive or Venting, of that classification",
    example: { body: { emissionId: 1, classification: 'Venting', rootCauseId: 1 } },
    handler: async ({ body, organizationId, user, database }) =>
      database.transaction(async (tx) => {
        const before = await emissionOf(tx, body.emissionId, organizationId!, true);
        const cause =
          body.rootCauseId === null
            ? []
            : await tx.query<{ classification: string }>('SELECT classification FROM root_causes WHERE id = $1', [
                body.rootCauseId,
              ]);
        const problems = classificationProblems(body, cause[0]?.classification);
        if (Object.keys(problems).length)
          throw new DomainError(
            'Invalid',
            'The request is not valid.',
            Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])),
          );
        const [after] = await tx.query<EmissionRow>(
          'UPDATE emissions SET classification = $2, root_cause_id = $3 WHERE id = $1 RETURNING id, site_id, classification, root_cause_id',
          [before.id, body.classification, body.rootCauseId],
        );
        const view = (r: EmissionRow) => ({
          [`Emission ${r.id} classification`]: r.classification,
          [`Emission ${r.id} root cause`]: r.root_cause_id,
        });
        await recordAudit(tx, {
          entityType: 'site',
          entityId: before.site_id,
          organizationId: organizationId!,
          userId: user!.id,
          userName: user!.email,
          changes: changedValues(view(before), view(after!)),
        });
        return answer(tx, after!);
      }),
  }),
];
