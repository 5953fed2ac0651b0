// Who may do what in Add Site / Edit Site (spec 3 §5 'Site form', spec 1 §6): the SiteAdd permission per organization
// (the global role's permissions joined with the role there), and the organizations a site may be put in.
import type { CurrentUser } from '@/contracts/current-user';
import { effectivePermissions, Permission } from '@/domain/permissions';

/** Whether the user may add sites in an organization (global role ∪ role in that organization). */
export function canAddSiteIn(user: CurrentUser, organizationId: number): boolean {
  const global = user.roles.find((r) => r.id === user.userDetails.roleId)?.permissions;
  const org = user.userOrganizations.find((o) => o.id === organizationId);
  return effectivePermissions(global, user.roles.find((r) => r.id === org?.roleId)?.permissions).has(
    Permission.SiteAdd,
  );
}

/** The organizations offered: live ones where the user may add sites, and the site's own. */
export const siteOrganizations = (user: CurrentUser, siteOrganizationId: number | undefined) =>
  user.userOrganizations.filter((o) => !o.deleted && (canAddSiteIn(user, o.id) || o.id === siteOrganizationId));
