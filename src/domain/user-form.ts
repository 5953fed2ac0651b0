// Organization user add/edit rules (spec 1 §5).
import { z } from 'zod';
import { idOrNewSchema, int32Schema, INT32_MAX } from '@/contracts/bounds';

/** The spec's 'medium' maximum (value not shown): 256, as for every medium text. */
export const EMAIL_MAX = 256;
export const SIGN_ON_METHOD_VALUES = ['EmailPassword', 'SSO'] as const;
export type SignOnMethod = (typeof SIGN_ON_METHOD_VALUES)[number];
export const SIGN_ON_METHOD_LABELS: Record<SignOnMethod, string> = { EmailPassword: 'Email/Password', SSO: 'SSO' };

export const userFormSchema = z.object({
  id: idOrNewSchema,
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .email('Please enter a valid email'),
  roleId: int32Schema(1, INT32_MAX, 'Role is required'),
  signOnMethod: z.enum(SIGN_ON_METHOD_VALUES, { error: 'Sign-on method is required' }),
});
export type UserForm = z.infer<typeof userFormSchema>;

/** Both methods for Qube users; for organization users SSO only where the organization supports it. */
export function signOnMethodsOffered(kind: 'Organization' | 'Qube', organizationSupportsSso: boolean): SignOnMethod[] {
  return kind === 'Qube' || organizationSupportsSso ? ['EmailPassword', 'SSO'] : ['EmailPassword'];
}

/** The role list gains the user's current role when missing, sorted by name. */
export function roleOptionsFor<T extends { id: number; name: string }>(roles: readonly T[], current: T | null): T[] {
  const all = current && !roles.some((r) => r.id === current.id) ? [...roles, current] : [...roles];
  return all.sort((a, b) => a.name.localeCompare(b.name));
}

export const CANNOT_REMOVE_YOURSELF = 'You cannot remove yourself';
export const SSO_REQUIRED_BANNER = 'You have users in your organization that require SSO to be enabled.';
export const EXTERNAL_USERS_BANNER = 'You have external users in your organization.';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Which SSO banners the Users screen shows, from the users' e-mail domains and the organization's (spec 1 §2). */
export function userBanners(
  users: readonly { email: string; signOnMethod: SignOnMethod }[],
  organization: { singleSignOnEnabled: boolean; domains: readonly string[] },
): string[] {
  const domains = new Set(organization.domains.map((d) => d.toLowerCase()));
  const out: string[] = [];
  if (!organization.singleSignOnEnabled && users.some((u) => u.signOnMethod === 'SSO')) out.push(SSO_REQUIRED_BANNER);
  if (domains.size > 0 && users.some((u) => !domains.has(domainOf(u.email)))) out.push(EXTERNAL_USERS_BANNER);
  return out;
}

/** Why a row of the Qube users list cannot be edited or deleted (spec 1 §5); null when it can. */
export function qubeUserLock(
  user: { qubeRole: string | null; organizations: readonly unknown[] },
  action: 'edited' | 'deleted',
): string | null {
  if (user.qubeRole !== null) return null;
  return user.organizations.length > 0
    ? `This user can only be ${action} from the organization user list`
    : `This user cannot be ${action === 'edited' ? 'edited' : 'deleted'}`;
}

export const DELETE_ORGANIZATION_USER = 'This will remove the user from this organization.';
export const DELETE_QUBE_USER = 'This will delete the user and revoke all their access.';
