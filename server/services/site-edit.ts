// The site check every Site edit call starts with (spec 3 §2 'Site edit'): another organization's site answers like
// an unknown one (404); a deleted site can be read, and its basemaps edited, but not its sources or structures.
import type { SiteEditSiteInfo } from '@/contracts/site-edit';
import type { SiteRef } from './site';
import type { Queryable } from '../db/client';
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

/** For writes to sources and structures: the site must be the organization's and not deleted (410 otherwise). */
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
  organizationId: number,
  siteId: number,
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
