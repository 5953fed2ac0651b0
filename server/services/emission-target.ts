// Emission targets: one live monthly CH4 target per site (kg), upserted from a CSV in one transaction (every row or
// none), soft-deleted, each change audited under the site's id.
import type { EmissionTargetRow } from '@/contracts/emission';
import {
  EMISSION_TARGET_COLUMNS,
  EMISSION_TARGET_MAX_ROWS,
  EMISSION_TARGET_MESSAGES,
  readTargetRow,
} from '@/domain/emission-target';
import type { CsvRow } from '../../src/codec/csv-parse';
import type { Queryable } from '../db/client';
import { breathe } from './file-pool/breathe';
import { readCsvUpload } from './csv-upload';
import { DomainError } from './errors';
import { recordAudit } from './audit';
import { inTransaction } from './transaction';

interface TargetRow extends Record<string, unknown> {
  site_id: number;
  id: number | null;
  name: string;
  alias: string | null;
  effective_from: string | Date | null;
  target: number | null;
}

const day = (v: string | Date | null) =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

/** Every live site of the organization with its live target, if any. */
export async function listEmissionTargets(db: Queryable, organizationId: number): Promise<EmissionTargetRow[]> {
  const rows = await db.query<TargetRow>(
    `SELECT s.id AS site_id, t.id, s.name, s.alias, to_char(t.effective_from, 'YYYY-MM-DD') AS effective_from, t.target_volume_per_month AS target
       FROM sites s LEFT JOIN emission_targets t ON t.site_id = s.id AND t.deleted_at IS NULL
      WHERE s.organization_id = $1 AND s.deleted_at IS NULL ORDER BY lower(s.name), s.id`,
    [organizationId],
  );
  return rows.map((r) => ({
    siteId: r.site_id,
    id: r.id,
    name: r.name,
    alias: r.alias,
    effectiveFrom: day(r.effective_from),
    targetVolumePerMonth: r.target === null ? null : Number(r.target),
  }));
}

interface Actor {
  userId: number;
  userName: string;
}

export async function applyEmissionTargetUpload(
  db: Queryable,
  bytes: Uint8Array,
  organizationId: number,
  actor: Actor,
  today: string,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const { rows, errors } = await readCsvUpload(
      bytes,
      EMISSION_TARGET_COLUMNS,
      EMISSION_TARGET_MAX_ROWS,
      EMISSION_TARGET_MESSAGES.empty,
    );
    const current = await listEmissionTargets(tx, organizationId);
    const byName = new Map<string, EmissionTargetRow[]>();
    for (const t of current)
      byName.set(t.name.trim().toLowerCase(), [...(byName.get(t.name.trim().toLowerCase()) ?? []), t]);
    const seen = new Map<number, number>();
    const changes: { site: EmissionTargetRow; volume: number; effectiveFrom: string }[] = [];
    for (const [i, r] of (rows as CsvRow<string>[]).entries()) {
      await breathe(i);
      const name = (r.values.name ?? '').trim();
      const problems: string[] = [];
      const sites = byName.get(name.toLowerCase()) ?? [];
      if (sites.length === 0) problems.push(EMISSION_TARGET_MESSAGES.unknownSite(name));
      else if (sites.length > 1) problems.push(EMISSION_TARGET_MESSAGES.ambiguousSite(name));
      const read = readTargetRow(r.values, today);
      if ('problems' in read) problems.push(...read.problems);
      const site = sites.length === 1 ? sites[0]! : null;
      if (site) {
        const earlier = seen.get(site.siteId);
        if (earlier !== undefined) problems.push(EMISSION_TARGET_MESSAGES.duplicate(earlier));
        seen.set(site.siteId, r.row);
      }
      if (problems.length) (errors[`Row ${r.row}`] ??= []).push(...problems);
      else if (
        site &&
        'volume' in read &&
        (read.volume !== site.targetVolumePerMonth || read.effectiveFrom !== site.effectiveFrom)
      )
        changes.push({ site, ...read });
    }
    if (Object.keys(errors).length) throw new DomainError('Invalid', EMISSION_TARGET_MESSAGES.problems, errors);
    for (const [i, c] of changes.entries()) {
      await breathe(i);
      if (c.site.id === null)
        await tx.query(
          'INSERT INTO emission_targets (site_id, effective_from, target_volume_per_month) VALUES ($1, $2, $3)',
          [c.site.siteId, c.effectiveFrom, c.volume],
        );
      else
        await tx.query('UPDATE emission_targets SET effective_from = $2, target_volume_per_month = $3 WHERE id = $1', [
          c.site.id,
          c.effectiveFrom,
          c.volume,
        ]);
      await recordAudit(tx, {
        entityType: 'emissionTarget',
        entityId: c.site.siteId,
        organizationId,
        userId: actor.userId,
        userName: actor.userName,
        changes: [
          { name: 'effectiveFrom', oldValue: c.site.effectiveFrom, newValue: c.effectiveFrom },
          { name: 'targetVolumePerMonth', oldValue: c.site.targetVolumePerMonth, newValue: c.volume },
        ].filter((ch) => ch.oldValue !== ch.newValue),
      });
    }
    return changes.length;
  });
}

/** Soft-deletes a live target of the organization; another organization's or an unknown id is not found. */
export async function deleteEmissionTarget(
  db: Queryable,
  id: number,
  organizationId: number,
  actor: Actor,
): Promise<void> {
  const [row] = await db.query<{ site_id: number; effective_from: string; target: number }>(
    `UPDATE emission_targets t SET deleted_at = now() FROM sites s
      WHERE t.id = $1 AND t.deleted_at IS NULL AND s.id = t.site_id AND s.organization_id = $2
      RETURNING t.site_id, to_char(t.effective_from, 'YYYY-MM-DD') AS effective_from, t.target_volume_per_month AS target`,
    [id, organizationId],
  );
  if (!row) throw new DomainError('NotFound', 'Emission target not found');
  await recordAudit(db, {
    entityType: 'emissionTarget',
    entityId: row.site_id,
    organizationId,
    userId: actor.userId,
    userName: actor.userName,
    changes: [
      { name: 'effectiveFrom', oldValue: row.effective_from, newValue: null },
      { name: 'targetVolumePerMonth', oldValue: Number(row.target), newValue: null },
    ],
  });
}
