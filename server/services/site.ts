// Site rows as the site list and the site dashboard read them (spec 1 §3 'Site (list, organization view)').
import type { SiteListRow } from '@/contracts/site';
import type { Queryable } from '../db/client';
import { recordAudit } from './audit';
import { DomainError } from './errors';
import { inTransaction } from './transaction';

/** One site of one organization; the two ids travel together so that they cannot be swapped. */
export interface SiteRef {
  organizationId: number;
  siteId: number;
}

export interface SiteRow extends Record<string, unknown> {
  id: number;
  name: string;
  alias: string | null;
  latitude: number;
  longitude: number;
  organization_id: number;
  organization: string;
  group_names: string[] | null;
  group_ids: number[] | null;
  business_unit: string | null;
  asset_area: string | null;
  country: string | null;
  state_province: string | null;
  regulation: string | null;
  regulatory_site_type: string | null;
  generic_site_type: string | null;
  basin: string | null;
  industry_segment: string | null;
  fluid_type: string | null;
  devices: string[] | null;
  modelling_pipeline_is_on: boolean;
  notification_required: boolean;
  special_tickets_required: boolean;
  work_permit_required: boolean;
  access_notes: string | null;
  deleted_at: Date | string | null;
  /** Left out (undefined) when selectSiteRows is asked for rows without the model's progress. */
  model_processed_up_to?: Date | string | null;
}

const opt = (alias: string, column: string) => `(SELECT name FROM site_options WHERE id = s.${column}) AS ${alias}`;

export function toRow(r: SiteRow): SiteListRow {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    location: { lat: r.latitude, lng: r.longitude },
    siteGroupNames: r.group_names ?? [],
    siteGroupIds: r.group_ids ?? [],
    organizationId: r.organization_id,
    organization: r.organization,
    businessUnit: r.business_unit,
    assetArea: r.asset_area,
    country: r.country,
    stateProvince: r.state_province,
    regulation: r.regulation,
    regulatorySiteType: r.regulatory_site_type,
    genericSiteType: r.generic_site_type,
    basin: r.basin,
    industrySegment: r.industry_segment,
    fluidType: r.fluid_type,
    devices: r.devices ?? [],
    modellingPipelineIsOn: r.modelling_pipeline_is_on,
    notificationRequired: r.notification_required,
    specialTicketsRequired: r.special_tickets_required,
    workPermitRequired: r.work_permit_required,
    accessNotes: r.access_notes,
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at).toISOString(),
  };
}

/**
 * The site list's rows (with each site's modelling progress) for a WHERE clause over `sites s`; siteList and
 * siteDetail share it so a site reads the same in both.
 */
export async function selectSiteRows(
  db: Queryable,
  where: string,
  params: unknown[],
  withModelProgress = true,
): Promise<SiteRow[]> {
  return db.query<SiteRow>(
    `SELECT s.id, s.name, s.alias, s.latitude, s.longitude, s.organization_id, o.name AS organization,
            (SELECT json_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id) AS group_names,
            (SELECT json_agg(g.id ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id) AS group_ids,
            ${opt('business_unit', 'business_unit_id')}, ${opt('asset_area', 'asset_area_id')}, ${opt('country', 'country_id')},
            ${opt('state_province', 'state_province_id')}, ${opt('regulation', 'regulation_id')}, ${opt('regulatory_site_type', 'regulatory_site_type_id')},
            ${opt('generic_site_type', 'generic_site_type_id')}, ${opt('basin', 'basin_id')}, ${opt('industry_segment', 'industry_segment_id')},
            ${opt('fluid_type', 'fluid_type_id')},
            (SELECT json_agg(d.name ORDER BY d.name) FROM device_installations i JOIN devices d ON d.id = i.device_id WHERE i.site_id = s.id AND i.ended_at IS NULL) AS devices,
            s.modelling_pipeline_is_on, s.notification_required, s.special_tickets_required, s.work_permit_required, s.access_notes, s.deleted_at
            ${withModelProgress ? ', s.model_processed_up_to' : ''}
       FROM sites s JOIN organizations o ON o.id = s.organization_id
      WHERE ${where}
      ORDER BY lower(s.name), s.id`,
    params,
  );
}

/** The organization's sites for the site list; the model's progress left out, so the cached answer outlives steps. */
export async function siteList(db: Queryable, organizationId: number, includeDeleted: boolean): Promise<SiteListRow[]> {
  const rows = await selectSiteRows(
    db,
    's.organization_id = $1 AND ($2::boolean OR s.deleted_at IS NULL)',
    [organizationId, includeDeleted],
    false,
  );
  return rows.map(toRow);
}

/** Soft-deletes or restores a site of the organization, audited; another organization's site is as unknown as none. */
export async function setSiteDeleted(
  db: Queryable,
  site: SiteRef,
  deleted: boolean,
  user: { id: number; email: string },
): Promise<{ siteId: number; deletedAt: string | null }> {
  return inTransaction(db, async (db) => {
    const [before] = await db.query<{ deleted_at: Date | string | null }>(
      'SELECT deleted_at FROM sites WHERE id = $1 AND organization_id = $2',
      [site.siteId, site.organizationId],
    );
    if (!before) throw new DomainError('NotFound', 'Site not found');
    const [after] = await db.query<{ deleted_at: Date | string | null }>(
      `UPDATE sites SET deleted_at = ${deleted ? 'coalesce(deleted_at, now())' : 'NULL'}, updated_at = now() WHERE id = $1 RETURNING deleted_at`,
      [site.siteId],
    );
    const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
    await recordAudit(db, {
      entityType: 'site',
      entityId: site.siteId,
      organizationId: site.organizationId,
      userId: user.id,
      userName: user.email,
      changes:
        iso(before.deleted_at) === iso(after?.deleted_at)
          ? []
          : [{ name: 'deletedAt', oldValue: iso(before.deleted_at), newValue: iso(after?.deleted_at) }],
    });
    return { siteId: site.siteId, deletedAt: iso(after?.deleted_at) };
  });
}
