import { describe, expect, it } from 'vitest';
import { organizationFormSchema, organizationSaveConfirmations } from '@/domain/organization-form';
import { accessDeniedText, selectOrganization } from '@/domain/organization-selection';
import { effectivePermissions, hasAnyPermission, Permission, permissionName } from '@/domain/permissions';
import { mapServerErrors } from '@/domain/server-errors';

const orgs = [
  { id: 3, deleted: false },
  { id: 7, deleted: true },
];

describe('organization selection', () => {
  it('prefers the query parameter, then the last used, then the first', () => {
    expect(selectOrganization({ queryOrganizationId: '7', lastUsedId: 3, organizations: orgs })).toEqual({
      kind: 'selected',
      organizationId: 7,
    });
    expect(selectOrganization({ queryOrganizationId: null, lastUsedId: 7, organizations: orgs })).toEqual({
      kind: 'selected',
      organizationId: 7,
    });
    expect(selectOrganization({ queryOrganizationId: null, lastUsedId: 99, organizations: orgs })).toEqual({
      kind: 'selected',
      organizationId: 3,
    });
  });
  it('denies an organization the user does not belong to, and says when there is none', () => {
    expect(selectOrganization({ queryOrganizationId: '5', lastUsedId: 3, organizations: orgs })).toEqual({
      kind: 'denied',
    });
    expect(selectOrganization({ queryOrganizationId: 'abc', lastUsedId: null, organizations: orgs })).toEqual({
      kind: 'denied',
    });
    expect(selectOrganization({ queryOrganizationId: null, lastUsedId: null, organizations: [] })).toEqual({
      kind: 'none',
    });
  });
  it('words the access-denied page for each target', () => {
    expect(accessDeniedText('organization', 'a@b.c')).toBe(
      'You do not currently have access to that organization. Please send an email to a@b.c to request access.',
    );
    expect(accessDeniedText('page', 'a@b.c')).toContain('that page');
    expect(accessDeniedText('any', 'a@b.c')).toContain('any organization');
  });
});

describe('permissions', () => {
  it('unions the global and organization roles, and passes a guard on any one permission', () => {
    const held = effectivePermissions([Permission.QubeAdministration], [Permission.DeviceView]);
    expect([...held].sort()).toEqual([3, 7]);
    expect(hasAnyPermission(held, [Permission.SiteAdd, Permission.DeviceView])).toBe(true);
    expect(hasAnyPermission(held, [Permission.SiteAdd])).toBe(false);
    expect(hasAnyPermission(new Set(), [])).toBe(true);
  });
  it('names permissions and refuses unknown values', () => {
    expect(permissionName(26)).toBe('SiteDeleteRestore');
    expect(() => permissionName(99)).toThrow('Unconfigured permission value: 99');
  });
});

describe('server errors onto form fields', () => {
  it('lowercases the first letter of each segment, joins messages and keeps general errors apart', () => {
    expect(
      mapServerErrors({ 'Domains[0]': ['Too long', 'Bad'], 'Contact.Name': ['Required'], '': ['Try later'] }),
    ).toEqual({
      fields: { 'domains.0': 'Too long Bad', 'contact.name': 'Required' },
      general: 'Try later',
    });
  });
});

describe('organization form', () => {
  const base = {
    id: 0,
    name: 'A',
    singleSignOnEnabled: false,
    domains: [],
    customerSuccessReps: [],
    salesReps: [],
    orgContacts: [],
    allowIframeEmbedding: false,
    cspFrameAncestorDomain: null,
    iframeSrcUrls: [],
  };
  it('requires a domain with SSO, the frame-ancestor domain with embedding, and short domains', () => {
    const r = organizationFormSchema.safeParse({ ...base, singleSignOnEnabled: true, allowIframeEmbedding: true });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['cspFrameAncestorDomain', 'domains']);
    const long = organizationFormSchema.safeParse({ ...base, domains: ['x'.repeat(100)] });
    expect(long.error?.issues[0]?.message).toBe('Domain must be less than 100 characters');
    expect(organizationFormSchema.safeParse({ ...base, domains: ['x'.repeat(99)] }).success).toBe(true);
  });
  it('asks to confirm enabling or disabling SSO and changing domains', () => {
    const after = { ...base, singleSignOnEnabled: true, domains: ['a.com'] };
    expect(organizationSaveConfirmations({ singleSignOnEnabled: false, domains: [] }, after)).toHaveLength(2);
    expect(organizationSaveConfirmations({ singleSignOnEnabled: true, domains: ['a.com'] }, after)).toEqual([]);
    expect(organizationSaveConfirmations(null, { ...base })).toEqual([]);
  });
});
