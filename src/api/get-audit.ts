import { useQuery } from '@tanstack/react-query';
import { auditEndpoints, type AuditedEntity } from '@/contracts/audit';
import { endpointQuery } from './endpoint-client';

export const useAuditHistory = (entity: AuditedEntity, id: string | number | null, organizationId: number) =>
  useQuery({
    ...endpointQuery(auditEndpoints[entity], { query: { id: String(id), organizationId } }),
    enabled: id !== null,
  });
