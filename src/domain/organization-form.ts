// Organization add/edit rules (spec 3 §5 'Organization'): one schema for the form and the server.
import { z } from 'zod';
import { idOrNewSchema } from '@/contracts/bounds';

/** The spec's 'medium' maximum length is not shown; 256 is our choice (README). */
export const ORGANIZATION_NAME_MAX = 256;
export const DOMAIN_MAX = 100;

export const organizationFormSchema = z
  .object({
    id: idOrNewSchema,
    name: z
      .string()
      .trim()
      .min(1, 'Name is required')
      .max(ORGANIZATION_NAME_MAX, `Name must be at most ${ORGANIZATION_NAME_MAX} characters`),
    singleSignOnEnabled: z.boolean(),
    domains: z.array(
      z
        .string()
        .trim()
        .min(1, 'Domain is required')
        .max(DOMAIN_MAX - 1, 'Domain must be less than 100 characters'),
    ),
    customerSuccessReps: z.array(z.string().trim().min(1).max(ORGANIZATION_NAME_MAX)),
    salesReps: z.array(z.string().trim().min(1).max(ORGANIZATION_NAME_MAX)),
    orgContacts: z.array(z.string().trim().min(1).max(ORGANIZATION_NAME_MAX)),
    allowIframeEmbedding: z.boolean(),
    cspFrameAncestorDomain: z.string().trim().max(ORGANIZATION_NAME_MAX).nullable(),
    iframeSrcUrls: z.array(z.string().trim().min(1).max(2048)),
    /** Provider staff only; left as it is when absent. */
    providerOwn: z.boolean().optional(),
  })
  .superRefine((org, ctx) => {
    if (org.singleSignOnEnabled && org.domains.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['domains'],
        message: 'At least one email domain is required when single sign-on is enabled',
      });
    }
    if (org.allowIframeEmbedding && !org.cspFrameAncestorDomain) {
      ctx.addIssue({
        code: 'custom',
        path: ['cspFrameAncestorDomain'],
        message: 'The CSP frame ancestor domain is required when embedding is allowed',
      });
    }
  });
export type OrganizationForm = z.infer<typeof organizationFormSchema>;

/** Confirmations asked before saving (spec 3 §5), in the order the form shows them. */
export function organizationSaveConfirmations(
  before: Pick<OrganizationForm, 'singleSignOnEnabled' | 'domains'> | null,
  after: OrganizationForm,
): string[] {
  const out: string[] = [];
  const wasSso = before?.singleSignOnEnabled ?? false;
  if (!wasSso && after.singleSignOnEnabled)
    out.push('Enabling single sign-on: please confirm that SSO has been set up for this organization.');
  if (wasSso && !after.singleSignOnEnabled)
    out.push('Disabling single sign-on: users who sign in with SSO will no longer be able to sign in. Continue?');
  const sameDomains =
    before !== null &&
    before.domains.length === after.domains.length &&
    before.domains.every((d, i) => d === after.domains[i]);
  if (before !== null && !sameDomains)
    out.push('Changing the email domains can break single sign-on for this organization. Continue?');
  return out;
}
