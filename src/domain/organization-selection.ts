// Which organization a user is working in (spec 1 §4 'Organization selection').
export interface OrganizationChoice {
  id: number;
  deleted: boolean;
}

export type OrganizationSelection =
  | { kind: 'selected'; organizationId: number }
  /** The asked-for organization is not the user's: /accessDenied?to=organization. */
  | { kind: 'denied' }
  /** The user belongs to no organization: /accessDenied (the 'any organization' text). */
  | { kind: 'none' };

/** From the organizationId query parameter, else the last used one saved locally, else the first. */
export function selectOrganization(input: {
  queryOrganizationId: string | null;
  lastUsedId: number | null;
  organizations: readonly OrganizationChoice[];
}): OrganizationSelection {
  const { organizations } = input;
  const has = (id: number) => organizations.some((o) => o.id === id);
  if (input.queryOrganizationId !== null && input.queryOrganizationId !== '') {
    const id = Number(input.queryOrganizationId);
    return Number.isSafeInteger(id) && has(id) ? { kind: 'selected', organizationId: id } : { kind: 'denied' };
  }
  if (input.lastUsedId !== null && has(input.lastUsedId)) return { kind: 'selected', organizationId: input.lastUsedId };
  const first = organizations[0];
  return first ? { kind: 'selected', organizationId: first.id } : { kind: 'none' };
}

/** Access-denied page variants (spec 1 §2). */
export type AccessDeniedTarget = 'organization' | 'page' | 'any';

export function accessDeniedText(target: AccessDeniedTarget, email: string): string {
  const what = target === 'organization' ? 'that organization' : target === 'page' ? 'that page' : 'any organization';
  return `You do not currently have access to ${what}. Please send an email to ${email} to request access.`;
}
