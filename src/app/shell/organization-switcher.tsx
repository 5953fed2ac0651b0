import { useSession } from '@/ui/session-context';

/** Shown only to users with two or more organizations (spec 1 §2). */
export function OrganizationSwitcher() {
  const { user, organization, selectOrganization } = useSession();
  if (user.userOrganizations.length < 2) return null;
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-base-content/70" aria-hidden="true">
        Organization
      </span>
      <select
        aria-label="Organization"
        className="select select-sm w-56"
        value={organization?.id ?? ''}
        onChange={(e) => selectOrganization(Number(e.target.value))}
      >
        {user.userOrganizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
            {o.deleted ? ' (DELETED)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
