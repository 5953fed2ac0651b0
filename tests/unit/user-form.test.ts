import { describe, expect, it } from 'vitest';
import {
  EXTERNAL_USERS_BANNER,
  roleOptionsFor,
  signOnMethodsOffered,
  SSO_REQUIRED_BANNER,
  userBanners,
  userFormSchema,
} from '@/domain/user-form';

describe('user form', () => {
  it('requires a valid e-mail, a role and a sign-on method', () => {
    const r = userFormSchema.safeParse({ id: 0, email: 'not-an-email', roleId: 0, signOnMethod: 'Magic' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages.email).toBe('Please enter a valid email');
    expect(messages.roleId).toBe('Role is required');
    expect(messages.signOnMethod).toBe('Sign-on method is required');
    expect(
      userFormSchema.safeParse({ id: 0, email: `${'a'.repeat(251)}@x.com`, roleId: 1, signOnMethod: 'SSO' }).success,
    ).toBe(false);
    expect(userFormSchema.safeParse({ id: 0, email: 'ok@example.com', roleId: 1, signOnMethod: 'SSO' }).success).toBe(
      true,
    );
  });
  it('offers SSO to organization users only where the organization supports it', () => {
    expect(signOnMethodsOffered('Organization', false)).toEqual(['EmailPassword']);
    expect(signOnMethodsOffered('Organization', true)).toEqual(['EmailPassword', 'SSO']);
    expect(signOnMethodsOffered('Qube', false)).toEqual(['EmailPassword', 'SSO']);
  });
  it('adds the current role when missing and sorts by name', () => {
    expect(
      roleOptionsFor(
        [
          { id: 2, name: 'Viewer' },
          { id: 1, name: 'Administrator' },
        ],
        { id: 9, name: 'Legacy' },
      ).map((r) => r.name),
    ).toEqual(['Administrator', 'Legacy', 'Viewer']);
    expect(roleOptionsFor([{ id: 2, name: 'Viewer' }], { id: 2, name: 'Viewer' })).toHaveLength(1);
  });
  it('shows the SSO and external-user banners from e-mail domains', () => {
    const org = { singleSignOnEnabled: false, domains: ['alpha.com'] };
    expect(userBanners([{ email: 'a@alpha.com', signOnMethod: 'EmailPassword' }], org)).toEqual([]);
    expect(userBanners([{ email: 'a@alpha.com', signOnMethod: 'SSO' }], org)).toEqual([SSO_REQUIRED_BANNER]);
    expect(userBanners([{ email: 'b@other.com', signOnMethod: 'EmailPassword' }], org)).toEqual([
      EXTERNAL_USERS_BANNER,
    ]);
    expect(userBanners([{ email: 'a@alpha.com', signOnMethod: 'SSO' }], { ...org, singleSignOnEnabled: true })).toEqual(
      [],
    );
  });
});
