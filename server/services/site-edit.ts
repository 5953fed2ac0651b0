// Site edit (spec 3 §2 'Site edit', §3 'Site edit form', 'Access details', §5 'Site form'): the site check every Site
// edit call starts with (another organization's site answers like an unknown one, 404; a deleted site can be read, and
// its basemaps edited, but not its sources or structures), the site's form with its add and save, and its access details.
import type { SiteEditSiteInfo } from '@/contracts/site-edit';
import type { SiteEdit } from '@/contracts/site';
import { parseLatLng, roundForStorage } from '@/domain/coordinates';
import { hasAnyPermission, Permission } from '@/domain/permissions';
import { SITE_ADD_ONLY_FIELDS, type SiteAccess, type SiteForm } from '@/domain/site-form';
import type { SignedInUser } from './callers';
import { accessToOrganization } from './signed-in-user';
import { classificationErrors, organizationOptionId } from './site-options';
import type { SiteRef } from './site';
import type { Database, Queryable } from '../db/client';
import { DomainError } from './errors';
import { changedValues, recordAudit, type AuditChange } from './audit';
import { SITE_DELETED, SITE_NOT_FOUND } from './site-dashboard';

export interface Actor {
  userId: number;
  userName: string;
}

export async function loadEditSite(db: Queryable, { organizationId, siteId }: SiteRef): Promise<SiteEditSiteInfo> {
  const [row] = await db.query<{
    id: number;
    name: string;
    organization_id: number;
    organization_name: string;
    latitude: number;
    longitude: number;
    deleted_at: Date | string | null;
  }>(
    `SELECT s.id, s.name, s.organization_id, o.name AS organization_name, s.latitude, s.longitude, s.deleted_at
       FROM sites s JOIN organizations o ON o.id = s.organization_id
      WHERE s.id = $1 AND s.organization_id = $2`,
    [siteId, organizationId],
  );
  if (!row) throw new DomainError('NotFound', SITE_NOT_FOUND);
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    latitude: row.latitude,
    longitude: row.longitude,
    deleted: row.deleted_at !== null,
  };
}

/** For writes to sources and structures (site-feature.ts): the site must be the organization's and not deleted (410 otherwise). */
export async function checkEditableSite(db: Queryable, { organizationId, siteId }: SiteRef): Promise<void> {
  const site = await loadEditSite(db, { organizationId, siteId });
  if (site.deleted) throw new DomainError('Gone', SITE_DELETED);
}

/** Stored coordinates go back as stored (6 decimals); the screen shows 5. */
export const latLngText = (lat: number, lng: number): string => `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`;

/**
 * Sources, structures and basemaps have no audit entity of their own (spec 1 lists site): their changes are kept as
 * the site's audit entries, each value named after the feature ('Source 12 name').
 */
export async function auditSiteFeature(
  db: Queryable,
  { organizationId, siteId }: SiteRef,
  actor: Actor,
  label: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  let changes: AuditChange[];
  if (after === null) changes = [{ name: `${label} deleted`, oldValue: before?.name ?? null, newValue: null }];
  else changes = changedValues(before, after).map((c) => ({ ...c, name: `${label} ${c.name}` }));
  await recordAudit(db, {
    entityType: 'site',
    entityId: siteId,
    organizationId,
    userId: actor.userId,
    userName: actor.userName,
    changes,
  });
}

export const SITE_CHANGED_ELSEWHERE =
  'This site was changed by someone else after you opened it. Close the dialog and open it again to see their changes.';

interface SiteEditRow extends Record<string, unknown> {
  id: number;
  name: string;
  organization_id: number;
  latitude: number;
  longitude: number;
  alias: string | null;
  group_ids: number[] | null;
  business_unit: string | null;
  asset_area: string | null;
  country_id: number | null;
  state_province_id: number | null;
  regulation_id: number | null;
  regulatory_site_type_id: number | null;
  generic_site_type_id: number | null;
  basin_id: number | null;
  industry_segment_id: number | null;
  fluid_type_id: number | null;
  updated_at: Date | string;
}

async function loadSiteEdit(db: Queryable, siteId: number, lock = false): Promise<SiteEdit | null> {
  const [r] = await db.query<SiteEditRow>(
    `SELECT s.id, s.name, s.organization_id, s.latitude, s.longitude, s.alias,
            (SELECT json_agg(sg.site_group_id ORDER BY sg.site_group_id) FROM site_site_groups sg WHERE sg.site_id = s.id) AS group_ids,
            (SELECT name FROM site_options WHERE id = s.business_unit_id) AS business_unit,
            (SELECT name FROM site_options WHERE id = s.asset_area_id) AS asset_area,
            s.country_id, s.state_province_id, s.regulation_id, s.regulatory_site_type_id, s.generic_site_type_id,
            s.basin_id, s.industry_segment_id, s.fluid_type_id, s.updated_at
       FROM sites s WHERE s.id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [siteId],
  );
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    organizationId: r.organization_id,
    locationLatLng: `${r.latitude},${r.longitude}`,
    alias: r.alias,
    siteGroupIds: r.group_ids ?? [],
    businessUnit: r.business_unit,
    assetArea: r.asset_area,
    countryId: r.country_id,
    stateProvinceId: r.state_province_id,
    regulationId: r.regulation_id,
    regulatorySiteTypeId: r.regulatory_site_type_id,
    genericSiteTypeId: r.generic_site_type_id,
    basinId: r.basin_id,
    industrySegmentId: r.industry_segment_id,
    fluidTypeId: r.fluid_type_id,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The audited view of a site form: names, not only ids, so the history reads. */
function auditable(s: Omit<SiteEdit, 'updatedAt'>): Record<string, unknown> {
  const { id: _id, ...rest } = s;
  return { ...rest, siteGroupIds: [...rest.siteGroupIds].sort((a, b) => a - b) };
}

async function permissionsIn(db: Queryable, user: SignedInUser, organizationId: number): Promise<ReadonlySet<number>> {
  const access = await accessToOrganization(db, user, organizationId);
  return access.ok ? access.permissions : new Set();
}

/** One site's form values; another organization's site answers like an unknown one. */
export async function siteEditForm(db: Queryable, { organizationId, siteId }: SiteRef): Promise<SiteEdit> {
  const site = await loadSiteEdit(db, siteId);
  if (!site || site.organizationId !== organizationId) throw new DomainError('NotFound', 'Site not found');
  return site;
}

/**
 * Adds (id 0) or edits a site in the target organization. `permissions` are the caller's in the target organization;
 * moving a site, or changing a field only SiteAdd may change, needs SiteAdd in both organizations.
 */
export function saveSiteEdit(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  permissions: ReadonlySet<number>,
  body: SiteForm & { updatedAt?: string | null | undefined },
): Promise<SiteEdit> {
  return database.transaction(async (tx) => {
    const target = organizationId;
    const before = body.id === 0 ? null : await loadSiteEdit(tx, body.id, true);
    if (body.id !== 0) {
      if (!before) throw new DomainError('NotFound', 'Site not found');
      const current = await permissionsIn(tx, user, before.organizationId);
      // A site in an organization the user cannot edit is as unknown as a missing one.
      if (!hasAnyPermission(current, [Permission.SiteEdit, Permission.SiteAdd]))
        throw new DomainError('NotFound', 'Site not found');
      if (body.updatedAt && body.updatedAt !== before.updatedAt)
        throw new DomainError('Conflict', SITE_CHANGED_ELSEWHERE);
      const location = roundForStorage(parseLatLng(body.locationLatLng)!);
      const beforeLocation = parseLatLng(before.locationLatLng)!;
      const changedAddOnly = SITE_ADD_ONLY_FIELDS.filter((f) =>
        f === 'locationLatLng'
          ? location.lat !== beforeLocation.lat || location.lng !== beforeLocation.lng
          : body[f] !== before[f],
      );
      if (changedAddOnly.length > 0 && !(current.has(Permission.SiteAdd) && permissions.has(Permission.SiteAdd))) {
        throw new DomainError(
          'Forbidden',
          'Changing the name, organization, location, country, state, regulation or regulatory type of a site needs the SiteAdd permission.',
        );
      }
    } else if (!permissions.has(Permission.SiteAdd)) {
      throw new DomainError('Forbidden', 'You do not have permission to do that');
    }
    const errors = await classificationErrors(tx, body, target);
    if (Object.keys(errors).length > 0) throw new DomainError('Invalid', 'The request is not valid.', errors);
    const location = roundForStorage(parseLatLng(body.locationLatLng)!);
    const businessUnitId = await organizationOptionId(tx, 'businessUnit', body.businessUnit, target);
    const assetAreaId = await organizationOptionId(tx, 'assetArea', body.assetArea, target);
    const values = [
      target,
      body.name.trim(),
      body.alias?.trim() || null,
      location.lat,
      location.lng,
      businessUnitId,
      assetAreaId,
      body.countryId,
      body.stateProvinceId,
      body.regulationId,
      body.regulatorySiteTypeId,
      body.genericSiteTypeId,
      body.basinId,
      body.industrySegmentId,
      body.fluidTypeId,
    ];
    let siteId = body.id;
    if (siteId === 0) {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO sites (organization_id, name, alias, latitude, longitude, business_unit_id, asset_area_id, country_id, state_province_id, regulation_id,
                            regulatory_site_type_id, generic_site_type_id, basin_id, industry_segment_id, fluid_type_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
        values,
      );
      siteId = row!.id;
    } else {
      await tx.query(
        `UPDATE sites SET organization_id = $1, name = $2, alias = $3, latitude = $4, longitude = $5, business_unit_id = $6, asset_area_id = $7,
                country_id = $8, state_province_id = $9, regulation_id = $10, regulatory_site_type_id = $11, generic_site_type_id = $12,
                basin_id = $13, industry_segment_id = $14, fluid_type_id = $15, updated_at = clock_timestamp()
          WHERE id = $16`,
        [...values, siteId],
      );
      await tx.query('DELETE FROM site_site_groups WHERE site_id = $1', [siteId]);
    }
    const groups = [...new Set(body.siteGroupIds)];
    if (groups.length)
      await tx.query('INSERT INTO site_site_groups (site_id, site_group_id) SELECT $1, unnest($2::int[])', [
        siteId,
        groups,
      ]);
    const after = (await loadSiteEdit(tx, siteId))!;
    const form = ({ updatedAt: _updatedAt, ...rest }: SiteEdit) => auditable(rest);
    await recordAudit(tx, {
      entityType: 'site',
      entityId: siteId,
      organizationId: target,
      userId: user.id,
      userName: user.email,
      changes: changedValues(before ? form(before) : null, form(after)),
    });
    return after;
  });
}

export async function siteAccessDetails(
  db: Queryable,
  { organizationId, siteId }: SiteRef,
): Promise<Omit<SiteAccess, 'organizationId'>> {
  const [r] = await db.query<{
    access_notes: string | null;
    notification_required: boolean;
    special_tickets_required: boolean;
    work_permit_required: boolean;
  }>(
    'SELECT access_notes, notification_required, special_tickets_required, work_permit_required FROM sites WHERE id = $1 AND organization_id = $2',
    [siteId, organizationId],
  );
  if (!r) throw new DomainError('NotFound', 'Site not found');
  return {
    siteId,
    accessNotes: r.access_notes,
    notificationRequired: r.notification_required,
    specialTicketsRequired: r.special_tickets_required,
    workPermitRequired: r.work_permit_required,
  };
}

export function saveSiteAccessDetails(
  database: Database,
  user: SignedInUser,
  organizationId: number,
  body: SiteAccess,
): Promise<Omit<SiteAccess, 'organizationId'>> {
  return database.transaction(async (tx) => {
    type Row = {
      access_notes: string | null;
      notification_required: boolean;
      special_tickets_required: boolean;
      work_permit_required: boolean;
    };
    const [before] = await tx.query<Row>(
      'SELECT access_notes, notification_required, special_tickets_required, work_permit_required FROM sites WHERE id = $1 AND organization_id = $2 FOR UPDATE',
      [body.siteId, organizationId],
    );
    if (!before) throw new DomainError('NotFound', 'Site not found');
    const notes = body.accessNotes?.trim() || null;
    await tx.query(
      'UPDATE sites SET access_notes = $1, notification_required = $2, special_tickets_required = $3, work_permit_required = $4, updated_at = clock_timestamp() WHERE id = $5',
      [notes, body.notificationRequired, body.specialTicketsRequired, body.workPermitRequired, body.siteId],
    );
    const view = (r: Row) => ({
      accessNotes: r.access_notes,
      notificationRequired: r.notification_required,
      specialTicketsRequired: r.special_tickets_required,
      workPermitRequired: r.work_permit_required,
    });
    const after = {
      accessNotes: notes,
      notificationRequired: body.notificationRequired,
      specialTicketsRequired: body.specialTicketsRequired,
      workPermitRequired: body.workPermitRequired,
    };
    await recordAudit(tx, {
      entityType: 'site',
      entityId: body.siteId,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: changedValues(view(before), after),
    });
    return { siteId: body.siteId, ...after };
  });
}
