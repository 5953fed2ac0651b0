import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { auditEntrySchema, type AuditedEntity } from '@/contracts/audit';
import { apiRequest } from './client';

export const useAuditHistory = (entity: AuditedEntity, id: string | number | null, organizationId: number) =>
  useQuery({
    queryKey: ['audit', entity, id, organizationId],
    queryFn: () =>
      apiRequest(`/api/audit/${entity}/`, z.array(auditEntrySchema), { query: { id: String(id), organizationId } }),
    enabled: id !== null,
  });
