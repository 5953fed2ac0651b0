// Classifying one emission from the single-site dashboard (spec 3 §4, §5 'Classification'): its classification and
// root cause, whether it contributes to an already classified alarm, and the change, audited on the emission's site.
// Another organization's emission, or one of a deleted site, is not found.
import type { EmissionClassification } from '@/contracts/emission-classification';
import { classificationProblems } from '@/domain/emission-classification';
import { AlarmType } from '@/domain/enums';
import type { Database, Queryable } from '../db/client';
import { changedValues, recordAudit } from './audit';
import { DomainError } from './errors';

const EMISSION_NOT_FOUND = 'Emission not found';

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

export async function emissionClassification(
  db: Queryable,
  organizationId: number,
  emissionId: number,
): Promise<EmissionClassification> {
  return answer(db, await emissionOf(db, emissionId, organizationId));
}

/** Sets (or clears) a classification; a root cause only for the classification it belongs to. */
export function classifyEmission(
  database: Database,
  organizationId: number,
  user: { id: number; email: string },
  body: Pick<EmissionClassification, 'emissionId' | 'classification' | 'rootCauseId'>,
): Promise<EmissionClassification> {
  return database.transaction(async (tx) => {
    const before = await emissionOf(tx, body.emissionId, organizationId, true);
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
      organizationId: organizationId,
      userId: user.id,
      userName: user.email,
      changes: changedValues(view(before), view(after!)),
    });
    return answer(tx, after!);
  });
}
