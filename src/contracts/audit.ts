// Audit history (spec 1 §3 'Audit entries', §7 GET /api/audit/{entity}/).
import { z } from 'zod';
import { queryIdSchema } from '@/contracts/bounds';
import { endpoint } from '@/contracts/endpoint';

export const AUDITED_ENTITIES = [
  'apiKey',
  'device',
  'emissionTarget',
  'integration',
  'organization',
  'site',
  'siteBaseline',
  'users',
  'workflow',
] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

const nameValue = z.object({ name: z.string(), value: z.unknown() });

export const auditEntrySchema = z.object({
  time: z.string(),
  userName: z.string(),
  changedValues: z.array(nameValue),
  oldValues: z.array(nameValue),
  newValues: z.array(nameValue),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({ id: z.string().min(1).max(100), organizationId: queryIdSchema });

const auditEndpointOf = (entity: AuditedEntity) =>
  endpoint({
    method: 'GET',
    path: `/api/audit/${entity}/`,
    access: 'authenticated',
    query: auditQuerySchema,
    response: z.array(auditEntrySchema),
  });
export type AuditEndpoint = ReturnType<typeof auditEndpointOf>;

/** One history endpoint per audited entity (GET /api/audit/{entity}/). */
export const auditEndpoints = Object.fromEntries(AUDITED_ENTITIES.map((e) => [e, auditEndpointOf(e)])) as Record<
  AuditedEntity,
  AuditEndpoint
>;
