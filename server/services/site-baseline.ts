// Site baselines on the server: the calculation from the site's daily volumes, create (replacing the active one when
// open-ended), effective-date edits, end, delete and restore, each audited; lists, details and history.
import type { BaselineCalculationAnswer, SiteBaseline, SiteBaselineListRow } from '@/contracts/emission';
import {
  BASELINE_MESSAGES,
  baselineInputProblems,
  BaselineType,
  calculateBaseline,
  calculationDays,
  effectiveDateProblems,
  isEpaRegulated,
  type BaselineCreate,
  type BaselineInput,
} from '@/domain/site-baseline';
import type { Queryable } from '../db/client';
import { invalid } from './errors';
import { notFound } from './errors';
import { changedValues, recordAudit } from './audit';
import { siteDailyVolumes } from './emission';
import { inTransaction } from './transaction';
import type { SiteRef } from './site';

interface Actor {
  userId: number;
  userName: string;
}

interface SiteRow extends Record<string, unknown> {
  id: number;
  name: string;
  regulation: string | null;
  regulatory_site_type: string | null;
}

async function siteOf(db: Queryable, { organizationId, siteId }: SiteRef): Promise<SiteRow> {
  const [site] = await db.query<SiteRow>(
    `SELECT s.id, s.name, r.name AS regulation, t.name AS regulatory_site_type FROM sites s
       LEFT JOIN site_options r ON r.id = s.regulation_id LEFT JOIN site_options t ON t.id = s.regulatory_site_type_id
      WHERE s.id = $1 AND s.organization_id = $2`,
    [siteId, organizationId],
  );
  if (!site) throw notFound('Site not found');
  return site;
}

/** Validates the inputs (400 with the spec's messages by field) and calculates from the site's volumes. */
export async function calculate(db: Queryable, input: BaselineInput): Promise<BaselineCalculationAnswer> {
  const problems = baselineInputProblems(input);
  if (Object.keys(problems).length) throw invalid(Object.values(problems).flat().join(' '), problems);
  const site = await siteOf(db, { organizationId: input.organizationId, siteId: input.siteId! });
  if (input.baselineType === BaselineType.Epa30DayAverage && !isEpaRegulated(site.regulation))
    throw invalid(BASELINE_MESSAGES.notEpaSite, { siteId: [BASELINE_MESSAGES.notEpaSite] });
  const days = calculationDays(input);
  const volumes = days ? await siteDailyVolumes(db, site.id, days.from, days.to) : [];
  return calculateBaseline(input, volumes);
}

interface BaselineRow extends Record<string, unknown> {
  id: number;
  site_id: number;
  site_name: string;
  baseline_type: number;
  effective_from: Date | string;
  effective_to: Date | string | null;
  yearly_emission_inventory: number | null;
  baseline_range_start: string | null;
  baseline_range_end: string | null;
  baseline_start_date: string | null;
  activities: { dateRange: (string | null)[]; comment: string }[];
  inspection_date: string | null;
  inspection_comments: string | null;
  epa_site_type: string | null;
  baseline: number;
  seven_day_threshold: number | null;
  ninety_day_threshold: number | null;
  baseline_is_max_for_site_type: boolean;
  daily_volumes: BaselineCalculationAnswer['dailyVolumes'];
  created_at: Date | string;
  created_by: string | null;
  ended_at: Date | string | null;
  ended_by: string | null;
  deleted_at: Date | string | null;
  deleted_by: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const BASELINE_SELECT = `SELECT b.*, to_char(b.baseline_range_start, 'YYYY-MM-DD') AS baseline_range_start, to_char(b.baseline_range_end, 'YYYY-MM-DD') AS baseline_range_end,
       to_char(b.baseline_start_date, 'YYYY-MM-DD') AS baseline_start_date, to_char(b.inspection_date, 'YYYY-MM-DD') AS inspection_date, s.name AS site_name
  FROM site_baselines b JOIN sites s ON s.id = b.site_id`;

function toBaseline(r: BaselineRow): SiteBaseline {
  return {
    id: r.id,
    siteId: r.site_id,
    siteName: r.site_name,
    baselineType: r.baseline_type,
    effectiveFrom: iso(r.effective_from)!,
    effectiveTo: iso(r.effective_to),
    yearlyEmissionInventory: r.yearly_emission_inventory === null ? null : Number(r.yearly_emission_inventory),
    baselineRange:
      r.baseline_range_start && r.baseline_range_end ? [r.baseline_range_start, r.baseline_range_end] : null,
    baselineStartDate: r.baseline_start_date,
    activities: r.activities,
    inspectionDate: r.inspection_date,
    inspectionComments: r.inspection_comments,
    epaSiteType: r.epa_site_type,
    baseline: Number(r.baseline),
    sevenDayThreshold: Number(r.seven_day_threshold ?? 0),
    ninetyDayThreshold: Number(r.ninety_day_threshold ?? 0),
    baselineIsMaxForSiteType: r.baseline_is_max_for_site_type,
    dailyVolumes: r.daily_volumes,
    createdAt: iso(r.created_at)!,
    createdBy: r.created_by,
    endedAt: iso(r.ended_at),
    endedBy: r.ended_by,
    deletedAt: iso(r.deleted_at),
    deletedBy: r.deleted_by,
  };
}

export async function baselineDetails(db: Queryable, organizationId: number, id: number): Promise<SiteBaseline> {
  const [row] = await db.query<BaselineRow>(`${BASELINE_SELECT} WHERE b.id = $1 AND s.organization_id = $2`, [
    id,
    organizationId,
  ]);
  if (!row) throw notFound('Baseline not found');
  return toBaseline(row);
}

export async function siteHistory(db: Queryable, site: SiteRef): Promise<SiteBaseline[]> {
  const { siteId } = site;
  await siteOf(db, site);
  const rows = await db.query<BaselineRow>(
    `${BASELINE_SELECT} WHERE b.site_id = $1 ORDER BY b.effective_from DESC, b.id DESC`,
    [siteId],
  );
  return rows.map(toBaseline);
}

/** Whether any live site of the organization has an active baseline. */
export async function hasActiveBaselines(db: Queryable, organizationId: number): Promise<boolean> {
  const [row] = await db.query<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM site_baselines b JOIN sites s ON s.id = b.site_id WHERE s.organization_id = $1 AND s.deleted_at IS NULL AND b.deleted_at IS NULL AND b.effective_to IS NULL) AS any`,
    [organizationId],
  );
  return row?.any ?? false;
}

/** Every live site with its active baseline, if any. */
export async function baselineList(db: Queryable, organizationId: number): Promise<SiteBaselineListRow[]> {
  const rows = await db.query<{
    site_id: number;
    site_name: string;
    regulation: string | null;
    regulatory_site_type: string | null;
    id: number | null;
    baseline_type: number | null;
    effective_from: Date | string | null;
    baseline: number | null;
  }>(
    `SELECT s.id AS site_id, s.name AS site_name, r.name AS regulation, t.name AS regulatory_site_type, b.id, b.baseline_type, b.effective_from, b.baseline
       FROM sites s LEFT JOIN site_options r ON r.id = s.regulation_id LEFT JOIN site_options t ON t.id = s.regulatory_site_type_id
       LEFT JOIN LATERAL (SELECT * FROM site_baselines b WHERE b.site_id = s.id AND b.deleted_at IS NULL AND b.effective_to IS NULL ORDER BY b.effective_from DESC, b.id DESC LIMIT 1) b ON true
      WHERE s.organization_id = $1 AND s.deleted_at IS NULL ORDER BY lower(s.name), s.id`,
    [organizationId],
  );
  return rows.map((r) => ({
    siteId: r.site_id,
    siteName: r.site_name,
    isEpaRegulated: isEpaRegulated(r.regulation),
    regulatorySiteTypeName: r.regulatory_site_type,
    baselineId: r.id,
    baselineType: r.baseline_type,
    effectiveFrom: iso(r.effective_from),
    baseline: r.baseline === null ? null : Number(r.baseline),
  }));
}

const auditable = (b: SiteBaseline) => ({
  effectiveFrom: b.effectiveFrom,
  effectiveTo: b.effectiveTo,
  deletedAt: b.deletedAt,
});

async function audit(
  db: Queryable,
  organizationId: number,
  actor: Actor,
  before: SiteBaseline | null,
  after: SiteBaseline,
): Promise<void> {
  const values = (b: SiteBaseline) => ({ ...auditable(b), baselineType: b.baselineType, baseline: b.baseline });
  await recordAudit(db, {
    entityType: 'siteBaseline',
    entityId: after.id,
    organizationId,
    userId: actor.userId,
    userName: actor.userName,
    changes: changedValues(before ? values(before) : null, values(after)),
  });
}

/** Saves a baseline with a calculation made here from its inputs; an open-ended one ends the active baseline. */
export async function createBaseline(db: Queryable, input: BaselineCreate, actor: Actor): Promise<SiteBaseline> {
  return inTransaction(db, async (tx) => {
    const dateProblems = effectiveDateProblems(input.effectiveFrom, input.effectiveTo);
    const problems = { ...baselineInputProblems(input), ...dateProblems };
    if (Object.keys(problems).length) throw invalid(Object.values(problems).flat().join(' '), problems);
    const result = await calculate(tx, input);
    const effectiveFrom = input.effectiveFrom!;
    if (!input.effectiveTo) {
      const active = await tx.query<{ id: number }>(
        'SELECT id FROM site_baselines WHERE site_id = $1 AND deleted_at IS NULL AND effective_to IS NULL',
        [input.siteId],
      );
      for (const { id } of active) {
        const before = await baselineDetails(tx, input.organizationId, id);
        // It ends where the new one starts (never before its own start).
        const end = new Date(
          Math.max(Date.parse(effectiveFrom), Date.parse(before.effectiveFrom) + 1000),
        ).toISOString();
        await tx.query('UPDATE site_baselines SET effective_to = $2, ended_at = now(), ended_by = $3 WHERE id = $1', [
          id,
          end,
          actor.userName,
        ]);
        await audit(tx, input.organizationId, actor, before, await baselineDetails(tx, input.organizationId, id));
      }
    }
    const days = calculationDays(input);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO site_baselines (site_id, baseline_type, effective_from, effective_to, yearly_emission_inventory, baseline_range_start, baseline_range_end, baseline_start_date,
                                 activities, inspection_date, inspection_comments, epa_site_type, baseline, seven_day_threshold, ninety_day_threshold, baseline_is_max_for_site_type,
                                 daily_volumes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18) RETURNING id`,
      [
        input.siteId,
        input.baselineType,
        effectiveFrom,
        input.effectiveTo ?? null,
        input.baselineType === BaselineType.UserInput ? input.yearlyEmissionInventory : null,
        input.baselineType === BaselineType.SiteAverage ? (days?.from ?? null) : null,
        input.baselineType === BaselineType.SiteAverage ? (days?.to ?? null) : null,
        input.baselineType === BaselineType.Epa30DayAverage ? (input.baselineStartDate ?? null) : null,
        JSON.stringify(input.baselineType === BaselineType.UserInput ? [] : input.activities),
        input.baselineType === BaselineType.Epa30DayAverage ? (input.inspectionDate ?? null) : null,
        input.baselineType === BaselineType.Epa30DayAverage ? (input.inspectionComments ?? null) : null,
        input.baselineType === BaselineType.Epa30DayAverage ? (input.epaSiteType ?? null) : null,
        result.baseline,
        result.sevenDayThreshold,
        result.ninetyDayThreshold,
        result.baselineIsMaxForSiteType,
        JSON.stringify(result.dailyVolumes),
        actor.userName,
      ],
    );
    const created = await baselineDetails(tx, input.organizationId, row!.id);
    await audit(tx, input.organizationId, actor, null, created);
    return created;
  });
}

/** After creation only the effective dates change. */
export async function editEffectiveDates(
  db: Queryable,
  organizationId: number,
  id: number,
  effectiveFrom: string | null,
  effectiveTo: string | null,
  actor: Actor,
): Promise<SiteBaseline> {
  return inTransaction(db, async (tx) => {
    const before = await baselineDetails(tx, organizationId, id);
    const problems = effectiveDateProblems(effectiveFrom, effectiveTo);
    if (Object.keys(problems).length) throw invalid(Object.values(problems).flat().join(' '), problems);
    await tx.query('UPDATE site_baselines SET effective_from = $2, effective_to = $3 WHERE id = $1', [
      id,
      effectiveFrom,
      effectiveTo,
    ]);
    const after = await baselineDetails(tx, organizationId, id);
    await audit(tx, organizationId, actor, before, after);
    return after;
  });
}

export async function endBaseline(
  db: Queryable,
  organizationId: number,
  id: number,
  actor: Actor,
  now: Date,
): Promise<SiteBaseline> {
  return inTransaction(db, async (tx) => {
    const before = await baselineDetails(tx, organizationId, id);
    if (before.deletedAt) throw notFound('Baseline not found');
    if (before.effectiveTo) return before;
    const end = new Date(Math.max(now.getTime(), Date.parse(before.effectiveFrom) + 1000)).toISOString();
    await tx.query('UPDATE site_baselines SET effective_to = $2, ended_at = now(), ended_by = $3 WHERE id = $1', [
      id,
      end,
      actor.userName,
    ]);
    const after = await baselineDetails(tx, organizationId, id);
    await audit(tx, organizationId, actor, before, after);
    return after;
  });
}

export async function setDeleted(
  db: Queryable,
  organizationId: number,
  id: number,
  deleted: boolean,
  actor: Actor,
): Promise<SiteBaseline> {
  return inTransaction(db, async (tx) => {
    const before = await baselineDetails(tx, organizationId, id);
    if (deleted)
      await tx.query(
        'UPDATE site_baselines SET deleted_at = now(), deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL',
        [id, actor.userName],
      );
    else await tx.query('UPDATE site_baselines SET deleted_at = NULL, deleted_by = NULL WHERE id = $1', [id]);
    const after = await baselineDetails(tx, organizationId, id);
    await audit(tx, organizationId, actor, before, after);
    return after;
  });
}

/** The baselines in force over a window at a site (the site dashboard's baseline series). */
export async function baselinesInWindow(db: Queryable, site: SiteRef, start: string, end: string) {
  const { siteId } = site;
  await siteOf(db, site);
  const rows = await db.query<{ effective_from: Date | string; effective_to: Date | string | null; baseline: number }>(
    `SELECT effective_from, effective_to, baseline FROM site_baselines WHERE site_id = $1 AND deleted_at IS NULL AND effective_from < $3 AND coalesce(effective_to, 'infinity') > $2 ORDER BY effective_from`,
    [siteId, start, end],
  );
  return rows.map((r) => ({
    effectiveFrom: iso(r.effective_from)!,
    effectiveTo: iso(r.effective_to),
    baselineRate: Number(r.baseline),
  }));
}
