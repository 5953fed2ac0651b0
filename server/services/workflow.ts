// Alarm workflows (spec 2 §4 'Basic workflow', 'LDAR workflow', 'Conversion'): read one, resolve and unresolve a Basic
// workflow, save an LDAR form (resolved when its rule holds), convert a SiteRate alarm's workflow. Every change is
// audited; a save based on an older version of the workflow is refused.
import type { z } from 'zod';
import type { Workflow } from '@/contracts/alarm';
import type { editLdarEndpoint, WorkflowAction } from '@/contracts/workflow';
import { AlarmType, RepairType, WorkflowType } from '@/domain/enums';
import { ldarProblems, ldarResolves, showsRepairRequired, showsRootCause, type LdarForm } from '@/domain/alarm';
import type { Database, Queryable } from '../db/client';
import { changedValues, recordAudit } from './audit';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';

interface WorkflowRow extends Record<string, unknown> {
  id: number;
  workflow_type: number;
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolved_by: string | null;
  acknowledged_at: Date | string | null;
  classification: string | null;
  root_cause_id: number | null;
  repair_required: boolean | null;
  repair_type: number | null;
  repair_completed: Date | string | null;
  version: number;
  alarm_type: number;
}

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());

function toWorkflow(r: WorkflowRow): Workflow {
  const ldar = r.workflow_type === WorkflowType.values.LDAR;
  return {
    id: r.id,
    workflowType: r.workflow_type,
    createdAt: iso(r.created_at)!,
    resolvedAt: iso(r.resolved_at),
    resolvedBy: r.resolved_by,
    // Classified contributing emissions arrive with emissions; measurement alarms have none.
    contributingEmissionClassified: false,
    version: r.version,
    basicWorkflowModel: ldar ? null : { acknowledgedAt: iso(r.acknowledged_at) },
    ldarWorkflowModel: ldar
      ? {
          classification: r.classification,
          rootCauseId: r.root_cause_id,
          repairRequired: r.repair_required,
          repairType: r.repair_type,
          repairCompleted: iso(r.repair_completed),
          resolvedAt: iso(r.resolved_at),
        }
      : null,
  };
}

/** The workflow of an alarm of the organization, locked for the change when asked; 404 otherwise. */
async function workflowOf(db: Queryable, organizationId: number, id: number, lock = false): Promise<WorkflowRow> {
  const [row] = await db.query<WorkflowRow>(
    `SELECT w.*, a.alarm_type FROM workflows w JOIN alarms a ON a.workflow_id = w.id JOIN sites s ON s.id = a.site_id AND s.organization_id = $1 AND s.deleted_at IS NULL
      WHERE w.id = $2 ${lock ? 'FOR UPDATE OF w' : ''}`,
    [organizationId, id],
  );
  if (!row) throw new DomainError('NotFound', 'Workflow not found');
  return row;
}

const STALE = 'This workflow was changed by someone else after you opened it. Reopen it to see their changes.';
const audited = (r: WorkflowRow) => ({
  workflowType: WorkflowType.label(r.workflow_type),
  acknowledgedAt: iso(r.acknowledged_at),
  resolvedAt: iso(r.resolved_at),
  classification: r.classification,
  rootCauseId: r.root_cause_id,
  repairRequired: r.repair_required,
  repairType: r.repair_type === null ? null : RepairType.label(r.repair_type),
  repairCompleted: iso(r.repair_completed),
});

/** Applies a change to a workflow in one transaction, audits it, and answers the workflow after. */
async function change(
  database: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  organizationId: number,
  user: SignedInUser,
  id: number,
  apply: (tx: Queryable, before: WorkflowRow) => Promise<void>,
): Promise<Workflow> {
  return database.transaction(async (tx) => {
    const before = await workflowOf(tx, organizationId, id, true);
    await apply(tx, before);
    const after = await workflowOf(tx, organizationId, id);
    await recordAudit(tx, {
      entityType: 'workflow',
      entityId: id,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: changedValues(audited(before), audited(after)),
    });
    return toWorkflow(after);
  });
}

/** Basic workflows resolve and unresolve; doing it twice (two people clicking at once) leaves it as it is. */
const basic = (resolve: boolean) => async (tx: Queryable, before: WorkflowRow, user: SignedInUser) => {
  if (before.workflow_type !== WorkflowType.values.Basic)
    throw new DomainError('Invalid', 'Only a Basic workflow is resolved this way');
  if (resolve && before.resolved_at === null) {
    await tx.query(
      'UPDATE workflows SET acknowledged_at = now(), resolved_at = now(), resolved_by = $2, version = version + 1 WHERE id = $1',
      [before.id, user.email],
    );
  }
  if (!resolve && before.resolved_at !== null) {
    await tx.query(
      'UPDATE workflows SET acknowledged_at = NULL, resolved_at = NULL, resolved_by = NULL, version = version + 1 WHERE id = $1',
      [before.id],
    );
  }
};

/** An Emission Rate alarm's workflow changes type; the new one starts unresolved and the alarm keeps its comments. */
const convert = (to: number) => async (tx: Queryable, before: WorkflowRow) => {
  if (before.alarm_type !== AlarmType.values.SiteRate)
    throw new DomainError('Invalid', 'Only an Emission Rate alarm can change its workflow');
  if (before.workflow_type === to) return;
  await tx.query(
    `UPDATE workflows SET workflow_type = $2, acknowledged_at = NULL, resolved_at = NULL, resolved_by = NULL, classification = NULL, root_cause_id = NULL,
            repair_required = NULL, repair_type = NULL, repair_completed = NULL, version = version + 1 WHERE id = $1`,
    [before.id, to],
  );
};

const ACTIONS: Record<WorkflowAction, (tx: Queryable, before: WorkflowRow, user: SignedInUser) => Promise<void>> = {
  acknowledge: basic(true),
  unacknowledge: basic(false),
  convertBasicToLdar: convert(WorkflowType.values.LDAR),
  convertLdarToBasic: convert(WorkflowType.values.Basic),
};

/** An alarm's workflow in the organization; 404 otherwise. */
export async function loadWorkflow(db: Queryable, organizationId: number, id: number): Promise<Workflow> {
  return toWorkflow(await workflowOf(db, organizationId, id));
}

/** One of the workflow actions (resolve, unresolve, convert) on a workflow of the organization. */
export function applyWorkflowAction(
  db: Database,
  organizationId: number,
  user: SignedInUser,
  id: number,
  action: WorkflowAction,
): Promise<Workflow> {
  return change(db, organizationId, user, id, (tx, before) => ACTIONS[action](tx, before, user));
}

/** Saves an LDAR form; the workflow resolves when nothing was found, no repair is needed, or the repair is done. */
export function editLdar(
  db: Database,
  organizationId: number,
  user: SignedInUser,
  body: z.infer<NonNullable<(typeof editLdarEndpoint)['body']>>,
): Promise<Workflow> {
  return change(db, organizationId, user, body.id, async (tx, before) => {
    if (before.workflow_type !== WorkflowType.values.LDAR)
      throw new DomainError('Invalid', 'Only an LDAR workflow has this form');
    if (before.version !== body.version) throw new DomainError('Conflict', STALE);
    // Hidden fields are never kept (spec 2 §4): root cause only for Venting or Fugitive, repair only when required.
    const form: LdarForm = {
      classification: body.classification,
      rootCauseId: showsRootCause(body.classification) ? body.rootCauseId : null,
      repairRequired: showsRepairRequired(body.classification) ? body.repairRequired : null,
      repairType: null,
      repairCompleted: null,
    };
    if (form.repairRequired === true) {
      form.repairType = body.repairType;
      form.repairCompleted = body.repairCompleted;
    }
    const problems = ldarProblems(form);
    if (Object.keys(problems).length)
      throw new DomainError(
        'Invalid',
        'The request is not valid.',
        Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])),
      );
    if (form.rootCauseId !== null) {
      const [cause] = await tx.query<{ classification: string }>(
        'SELECT classification FROM root_causes WHERE id = $1',
        [form.rootCauseId],
      );
      if (!cause || cause.classification !== form.classification)
        throw new DomainError('Invalid', 'The request is not valid.', {
          rootCauseId: ['Choose a root cause of this classification'],
        });
    }
    const resolves = ldarResolves(form);
    await tx.query(
      `UPDATE workflows SET classification = $2, root_cause_id = $3, repair_required = $4, repair_type = $5, repair_completed = $6,
              resolved_at = CASE WHEN $7 THEN coalesce(resolved_at, now()) END, resolved_by = CASE WHEN $7 THEN coalesce(resolved_by, $8) END, version = version + 1
        WHERE id = $1`,
      [
        before.id,
        form.classification,
        form.rootCauseId,
        form.repairRequired,
        form.repairType,
        form.repairCompleted,
        resolves,
        user.email,
      ],
    );
  });
}

/** The root causes an LDAR classification offers. */
export function listRootCauses(db: Queryable) {
  return db.query<{ id: number; classification: string; description: string }>(
    'SELECT id, classification, description FROM root_causes ORDER BY classification, description, id',
  );
}
