// The search drawer's lists (spec 2 §2 'Search drawer', §7 deviceSearchList/, siteSearchList): the selected
// organization's sites and devices, or with 'Show All' (no organization) every organization the user may see them in.
import type { z } from 'zod';
import type { deviceSearchListEndpoint, siteSearchListEndpoint } from '@/contracts/search';
import { Permission } from '@/domain/permissions';
import type { Queryable } from '../db/client';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';
import { accessToOrganization, organizationsWith } from './signed-in-user';

type Answer<E extends { response?: z.ZodType }> = z.infer<NonNullable<E['response']>>;

async function scope(
  db: Queryable,
  user: SignedInUser,
  organizationId: number | undefined,
  permission: number | null,
): Promise<number[]> {
  if (organizationId === undefined) return organizationsWith(db, user, permission);
  const access = await accessToOrganization(db, user, organizationId);
  if (!access.ok || (permission !== null && !access.permissions.has(permission)))
    throw new DomainError('Forbidden', 'You do not have permission to do that');
  return [organizationId];
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Devices: the organization's, or every organization's the user administers devices in. */
export async function deviceSearchList(
  db: Queryable,
  user: SignedInUser,
  organizationId: number | undefined,
): Promise<Answer<typeof deviceSearchListEndpoint>> {
  const orgs = await scope(db, user, organizationId, Permission.DeviceAdministration);
  const rows = await db.query<{
    id: number;
    name: string;
    device_type: 'Qube' | 'QubeLite' | 'QubeCamera';
    organization_id: number;
    organization_name: string;
    installation_id: number | null;
    site_name: string | null;
    groups: string[] | null;
    azimuth: number | null;
    height: number | null;
    latitude: number | null;
    longitude: number | null;
    last_site_id: number | null;
    installation_type: number | null;
    quarantined_at: Date | string | null;
    quarantine_notes: string | null;
  }>(
    `SELECT d.id, d.name, d.device_type, d.organization_id, o.name AS organization_name, i.id AS installation_id, s.name AS site_name,
            (SELECT json_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = i.site_id) AS groups,
            li.azimuth, li.height, li.latitude, li.longitude, li.site_id AS last_site_id, i.installation_type, i.quarantined_at, i.quarantine_notes
       FROM devices d JOIN organizations o ON o.id = d.organization_id
       LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL
       LEFT JOIN sites s ON s.id = i.site_id
       LEFT JOIN LATERAL (SELECT * FROM device_installations x WHERE x.device_id = d.id ORDER BY x.started_at DESC LIMIT 1) li ON true
      WHERE d.organization_id = ANY($1::int[]) ORDER BY lower(d.name), d.id`,
    [orgs],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    deviceType: r.device_type,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    currentInstallationId: r.installation_id,
    currentSiteName: r.site_name,
    siteGroupNames: r.groups ?? [],
    latestAzimuth: r.azimuth,
    latestHeight: r.height,
    latestLocationLatLng: r.latitude === null || r.longitude === null ? null : `${r.latitude},${r.longitude}`,
    latestSiteId: r.last_site_id,
    deviceInstallationType: r.installation_type,
    quarantinedAt: iso(r.quarantined_at),
    quarantineNotes: r.quarantine_notes,
  }));
}

/** Sites: the organization's, or every organization's the user belongs to. */
export async function siteSearchList(
  db: Queryable,
  user: SignedInUser,
  organizationId: number | undefined,
): Promise<Answer<typeof siteSearchListEndpoint>> {
  const orgs = await scope(db, user, organizationId, null);
  const rows = await db.query<{
    id: number;
    name: string;
    alias: string | null;
    organization_id: number;
    organization_name: string;
    groups: string[] | null;
    latitude: number;
    longitude: number;
  }>(
    `SELECT s.id, s.name, s.alias, s.organization_id, o.name AS organization_name, s.latitude, s.longitude,
            (SELECT json_agg(g.name ORDER BY g.name) FROM site_site_groups sg JOIN site_groups g ON g.id = sg.site_group_id WHERE sg.site_id = s.id) AS groups
       FROM sites s JOIN organizations o ON o.id = s.organization_id
      WHERE s.organization_id = ANY($1::int[]) AND s.deleted_at IS NULL ORDER BY lower(s.name), s.id`,
    [orgs],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    alias: r.alias,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    siteGroupNames: r.groups ?? [],
    location: { lat: r.latitude, lng: r.longitude },
  }));
}
