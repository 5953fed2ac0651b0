// Site groups (spec 1 §2 'Manage Site Groups', 'Groups popover', §4 tri-state, §5 name rule): the list with what uses
// each group, add or rename, delete (subscriptions, API keys and push integrations lose the group) and the groups of
// several sites at once, each site's change audited.
import type { SiteGroupRow } from '@/contracts/site';
import type { Database, Queryable } from '../db/client';
import { recordAudit } from './audit';
import { API_KEY_COUNT_SQL, detachSiteGroupFromApiKeys } from './api-key';
import { DomainError } from './errors';
import { detachSiteGroupFromIntegrations, INTEGRATION_COUNT_SQL } from './push-integration/store';

async function listGroups(db: Queryable, organizationId: number, id?: number): Promise<SiteGroupRow[]> {
  const rows = await db.query<{
    id: number;
    name: string;
    organization_id: number;
    site_count: number;
    subscription_count: number;
    api_key_count: number;
    integration_count: number;
  }>(
    `SELECT g.id, g.name, g.organization_id,
            (SELECT count(*)::int FROM site_site_groups sg JOIN sites s ON s.id = sg.site_id WHERE sg.site_group_id = g.id AND s.deleted_at IS NULL) AS site_count,
            (SELECT count(*)::int FROM notification_subscriptions n WHERE n.organization_id = g.organization_id AND n.unsubscribed_at IS NULL AND g.id = ANY(n.site_group_ids)) AS subscription_count,
            ${API_KEY_COUNT_SQL('g.id')} AS api_key_count,
            ${INTEGRATION_COUNT_SQL} AS integration_count
       FROM site_groups g
      WHERE g.organization_id = $1 AND ($2::int IS NULL OR g.id = $2)
      ORDER BY lower(g.name), g.id`,
    [organizationId, id ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    organizationId: r.organization_id,
    siteCount: r.site_count,
    notificationSubscriptionCount: r.subscription_count,
    apiKeyCount: r.api_key_count,
    integrationCount: r.integration_count,
  }));
}

/** Records on each site the groups it had before and after. */
async function auditSiteGroups(
  db: Queryable,
  changes: { siteId: number; before: number[]; after: number[] }[],
  organizationId: number,
  user: { id: number; email: string },
) {
  for (const c of changes) {
    if (JSON.stringify(c.before) === JSON.stringify(c.after)) continue;
    await recordAudit(db, {
      entityType: 'site',
      entityId: c.siteId,
      organizationId,
      userId: user.id,
      userName: user.email,
      changes: [{ name: 'siteGroupIds', oldValue: c.before, newValue: c.after }],
    });
  }
}

async function groupsOfSites(db: Queryable, siteIds: number[]): Promise<Map<number, number[]>> {
  const rows = await db.query<{ site_id: number; groups: number[] }>(
    `SELECT s.id AS site_id, coalesce((SELECT json_agg(site_group_id ORDER BY site_group_id) FROM site_site_groups WHERE site_id = s.id), '[]'::json) AS groups
       FROM sites s WHERE s.id = ANY($1::int[])`,
    [siteIds],
  );
  return new Map(rows.map((r) => [r.site_id, r.groups]));
}

export function listSiteGroups(database: Database, organizationId: number): Promise<SiteGroupRow[]> {
  return listGroups(database, organizationId);
}

export function siteGroupOptions(database: Database, organizationId: number): Promise<{ id: number; name: string }[]> {
  return database.query<{ id: number; name: string }>(
    'SELECT id, name FROM site_groups WHERE organization_id = $1 ORDER BY lower(name), id',
    [organizationId],
  );
}

/** Adds (id 0) or renames a group; a name another group of the organization has is refused. */
export function saveSiteGroup(
  database: Database,
  organizationId: number,
  body: { id: number; name: string },
): Promise<SiteGroupRow> {
  return database.transaction(async (tx) => {
    const [clash] = await tx.query<{ id: number }>(
      'SELECT id FROM site_groups WHERE organization_id = $1 AND lower(name) = lower($2) AND id <> $3',
      [organizationId, body.name, body.id],
    );
    if (clash)
      throw new DomainError('Invalid', 'The request is not valid.', {
        name: ['A group with this name already exists'],
      });
    let id = body.id;
    if (id === 0) {
      id = (
        await tx.query<{ id: number }>('INSERT INTO site_groups (organization_id, name) VALUES ($1, $2) RETURNING id', [
          organizationId,
          body.name,
        ])
      )[0]!.id;
    } else {
      const updated = await tx.query<{ id: number }>(
        'UPDATE site_groups SET name = $1 WHERE id = $2 AND organization_id = $3 RETURNING id',
        [body.name, id, organizationId],
      );
      if (updated.length === 0) throw new DomainError('NotFound', 'Site group not found');
    }
    return (await listGroups(tx, organizationId, id))[0]!;
  });
}

/** Deletes a group; a subscription, API key or push integration left without any group is disabled, not widened. */
export function deleteSiteGroup(
  database: Database,
  organizationId: number,
  id: number,
  user: { id: number; email: string },
): Promise<{ id: number }> {
  return database.transaction(async (tx) => {
    const [group] = await tx.query<{ id: number }>(
      'SELECT id FROM site_groups WHERE id = $1 AND organization_id = $2 FOR UPDATE',
      [id, organizationId],
    );
    if (!group) throw new DomainError('NotFound', 'Site group not found');
    const siteIds = (
      await tx.query<{ site_id: number }>('SELECT site_id FROM site_site_groups WHERE site_group_id = $1', [id])
    ).map((r) => r.site_id);
    const before = await groupsOfSites(tx, siteIds);
    // Subscriptions lose the group; one left without any group filter is disabled rather than widened to every site.
    await tx.query(
      `UPDATE notification_subscriptions SET site_group_ids = array_remove(site_group_ids, $1),
              unsubscribed_at = CASE WHEN cardinality(array_remove(site_group_ids, $1)) = 0 THEN coalesce(unsubscribed_at, now()) ELSE unsubscribed_at END
        WHERE organization_id = $2 AND $1 = ANY(site_group_ids)`,
      [id, organizationId],
    );
    // API keys lose the group too; one left without groups (and not on all sites) is disabled.
    await detachSiteGroupFromApiKeys(tx, { organizationId, siteGroupId: id }, user);
    // Push integrations likewise: one left without any group is disabled rather than widened to every site.
    await detachSiteGroupFromIntegrations(tx, { organizationId, siteGroupId: id }, user);
    await tx.query('DELETE FROM site_groups WHERE id = $1', [id]);
    const after = await groupsOfSites(tx, siteIds);
    await auditSiteGroups(
      tx,
      siteIds.map((siteId) => ({ siteId, before: before.get(siteId) ?? [], after: after.get(siteId) ?? [] })),
      organizationId,
      user,
    );
    return { id: id };
  });
}

/** Sets the groups of several sites (the groups popover); every site and group must be the organization's. */
export function assignSiteGroups(
  database: Database,
  organizationId: number,
  siteGroupSites: Record<string, number[]>,
  user: { id: number; email: string },
): Promise<{ updatedSites: number }> {
  return database.transaction(async (tx) => {
    const siteIds = Object.keys(siteGroupSites).map(Number);
    if (siteIds.length === 0) return { updatedSites: 0 };
    const owned = await tx.query<{ id: number }>(
      'SELECT id FROM sites WHERE id = ANY($1::int[]) AND organization_id = $2',
      [siteIds, organizationId],
    );
    if (owned.length !== siteIds.length) throw new DomainError('NotFound', 'A site was not found in this organization');
    const groupIds = [...new Set(Object.values(siteGroupSites).flat())];
    if (groupIds.length) {
      const groups = await tx.query<{ id: number }>(
        'SELECT id FROM site_groups WHERE id = ANY($1::int[]) AND organization_id = $2',
        [groupIds, organizationId],
      );
      if (groups.length !== groupIds.length)
        throw new DomainError('Invalid', 'A group does not belong to this organization');
    }
    const before = await groupsOfSites(tx, siteIds);
    await tx.query('DELETE FROM site_site_groups WHERE site_id = ANY($1::int[])', [siteIds]);
    for (const [siteId, groups] of Object.entries(siteGroupSites)) {
      const unique = [...new Set(groups)];
      if (unique.length)
        await tx.query('INSERT INTO site_site_groups (site_id, site_group_id) SELECT $1, unnest($2::int[])', [
          Number(siteId),
          unique,
        ]);
    }
    const after = await groupsOfSites(tx, siteIds);
    await auditSiteGroups(
      tx,
      siteIds.map((siteId) => ({ siteId, before: before.get(siteId) ?? [], after: after.get(siteId) ?? [] })),
      organizationId,
      user,
    );
    await tx.query('UPDATE sites SET updated_at = clock_timestamp() WHERE id = ANY($1::int[])', [siteIds]);
    return { updatedSites: siteIds.length };
  });
}
