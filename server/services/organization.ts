// Organization administration (spec 1 §7, spec 3 §5): the organizations a user administers, their edits and soft delete.
import type { z } from 'zod';
import type { Organization, organizationEditEndpoint, organizationListEndpoint } from '@/contracts/organization';
import type { OrganizationForm } from '@/domain/organization-form';
import { Permission } from '@/domain/permissions';
import type { Database, Queryable } from '../db/client';
import { changedValues, recordAudit } from './audit';
import type { SignedInUser } from './callers';
import { DomainError } from './errors';

interface OrganizationRow extends Record<string, unknown> {
  id: number;
  name: string;
  single_sign_on_enabled: boolean;
  domains: string[];
  customer_success_reps: string[];
  sales_reps: string[];
  org_contacts: string[];
  csp_frame_ancestor_domain: string | null;
  iframe_src_urls: string[];
  deleted_at: Date | string | null;
  user_count: number | string;
  site_count: number | string;
  provider_own: boolean;
}

const SELECT_ORGANIZATIONS = `
  SELECT o.*, (SELECT count(*) FROM user_organizations uo WHERE uo.organization_id = o.id) AS user_count,
         (SELECT count(*) FROM sites s WHERE s.organization_id = o.id AND s.deleted_at IS NULL) AS site_count
    FROM organizations o`;

function toOrganization(r: OrganizationRow): Organization {
  return {
    id: r.id,
    name: r.name,
    singleSignOnEnabled: r.single_sign_on_enabled,
    domains: r.domains,
    customerSuccessReps: r.customer_success_reps,
    salesReps: r.sales_reps,
    orgContacts: r.org_contacts,
    cspFrameAncestorDomain: r.csp_frame_ancestor_domain,
    iframeSrcUrls: r.iframe_src_urls,
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at).toISOString(),
    userCount: Number(r.user_count),
    siteCount: Number(r.site_count),
    providerOwn: r.provider_own,
  };
}

function auditable(o: Organization | OrganizationForm): Record<string, unknown> {
  return {
    name: o.name,
    singleSignOnEnabled: o.singleSignOnEnabled,
    domains: o.domains,
    customerSuccessReps: o.customerSuccessReps,
    salesReps: o.salesReps,
    orgContacts: o.orgContacts,
    cspFrameAncestorDomain: o.cspFrameAncestorDomain,
    iframeSrcUrls: o.iframeSrcUrls,
    providerOwn: o.providerOwn ?? null,
  };
}

/** Organizations a user administers: every one for provider staff, else live memberships whose role grants it. */
function administeredIds(user: SignedInUser): number[] | 'all' {
  if (user.isQubeUser && user.globalPermissions.has(Permission.OrganizationAdministration)) return 'all';
  return [...user.memberships]
    .filter(([, m]) => !m.deleted && m.permissions.has(Permission.OrganizationAdministration))
    .map(([id]) => id);
}

async function loadOrganization(database: Queryable, id: number): Promise<Organization | null> {
  const [row] = await database.query<OrganizationRow>(`${SELECT_ORGANIZATIONS} WHERE o.id = $1`, [id]);
  return row ? toOrganization(row) : null;
}

export async function listOrganizations(
  database: Database,
  user: SignedInUser,
  query: z.infer<NonNullable<(typeof organizationListEndpoint)['query']>>,
) {
  const ids = administeredIds(user);
  const rows = await database.query<OrganizationRow>(
    `${SELECT_ORGANIZATIONS} WHERE ($1::boolean OR o.deleted_at IS NULL) AND ($2::boolean OR o.id = ANY($3::int[])) ORDER BY lower(o.name), o.id`,
    [query.includeDeleted === 'true', ids === 'all', ids === 'all' ? [] : ids],
  );
  return rows.map(toOrganization);
}

export async function organizationOrNotFound(database: Database, organizationId: number) {
  const org = await loadOrganization(database, organizationId);
  if (!org) throw new DomainError('NotFound', 'Organization not found');
  return org;
}

export async function organizationOptions(database: Database, user: SignedInUser) {
  const rows = await database.query<{ id: number; name: string; deleted: boolean }>(
    `SELECT o.id, o.name, (o.deleted_at IS NOT NULL) AS deleted FROM organizations o
          WHERE $1::boolean OR (o.deleted_at IS NULL AND o.id IN (SELECT organization_id FROM user_organizations WHERE user_id = $2))
          ORDER BY lower(o.name), o.id`,
    [user.isQubeUser, user.id],
  );
  return rows;
}

export async function saveOrganization(
  database: Database,
  user: SignedInUser,
  body: z.infer<NonNullable<(typeof organizationEditEndpoint)['body']>>,
) {
  const ids = administeredIds(user);
  const cspDomain = body.allowIframeEmbedding ? body.cspFrameAncestorDomain : null;
  const values = [
    body.name,
    body.singleSignOnEnabled,
    JSON.stringify(body.domains),
    JSON.stringify(body.customerSuccessReps),
    JSON.stringify(body.salesReps),
    JSON.stringify(body.orgContacts),
    cspDomain,
    JSON.stringify(body.iframeSrcUrls),
    // Only provider staff mark an organization as the provider's own; otherwise the flag stays as it is.
    user.isQubeUser && body.providerOwn !== undefined ? body.providerOwn : null,
  ];
  if (body.id === 0) {
    // Creating organizations is provider staff's work.
    if (ids !== 'all') throw new DomainError('Forbidden', 'You do not have permission to do that');
    return database.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO organizations (name, single_sign_on_enabled, domains, customer_success_reps, sales_reps, org_contacts, csp_frame_ancestor_domain, iframe_src_urls, provider_own)
             VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7, $8::jsonb, coalesce($9::boolean, false)) RETURNING id`,
        values,
      );
      const created = (await loadOrganization(tx, row!.id))!;
      await recordAudit(tx, {
        entityType: 'organization',
        entityId: created.id,
        organizationId: created.id,
        userId: user.id,
        userName: user.email,
        changes: changedValues(null, auditable(created)),
      });
      return created;
    });
  }
  if (ids !== 'all' && !ids.includes(body.id))
    throw new DomainError('Forbidden', 'You do not have access to that organization');
  return database.transaction(async (tx) => {
    const before = await loadOrganization(tx, body.id);
    if (!before) throw new DomainError('NotFound', 'Organization not found');
    await tx.query(
      `UPDATE organizations SET name = $1, single_sign_on_enabled = $2, domains = $3::jsonb, customer_success_reps = $4::jsonb, sales_reps = $5::jsonb,
                  org_contacts = $6::jsonb, csp_frame_ancestor_domain = $7, iframe_src_urls = $8::jsonb, provider_own = coalesce($9::boolean, provider_own) WHERE id = $10`,
      [...values, body.id],
    );
    const after = (await loadOrganization(tx, body.id))!;
    await recordAudit(tx, {
      entityType: 'organization',
      entityId: body.id,
      organizationId: body.id,
      userId: user.id,
      userName: user.email,
      changes: changedValues(auditable(before), auditable(after)),
    });
    return after;
  });
}

/** Soft-deletes (its users, keys and alarms stop) or restores an organization; audited. */
export async function setOrganizationDeleted(database: Database, user: SignedInUser, id: number, deleted: boolean) {
  return database.transaction(async (tx) => {
    const before = await loadOrganization(tx, id);
    if (!before) throw new DomainError('NotFound', 'Organization not found');
    await tx.query(
      `UPDATE organizations SET deleted_at = ${deleted ? 'coalesce(deleted_at, now())' : 'NULL'} WHERE id = $1`,
      [id],
    );
    const after = (await loadOrganization(tx, id))!;
    await recordAudit(tx, {
      entityType: 'organization',
      entityId: id,
      organizationId: id,
      userId: user.id,
      userName: user.email,
      changes: changedValues({ deletedAt: before.deletedAt }, { deletedAt: after.deletedAt }),
    });
    return after;
  });
}
