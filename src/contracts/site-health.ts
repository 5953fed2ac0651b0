// Site Health rows (spec 1 §3 'Site (health view)').
import { z } from 'zod';
import { endpoint } from '@/contracts/endpoint';
import { siteListQuerySchema } from '@/contracts/site';
import { Permission } from '@/domain/permissions';

export const siteHealthDeviceSchema = z.object({
  deviceName: z.string(),
  latestCH4Time: z.string().nullable(),
  latestWindTime: z.string().nullable(),
  quarantinedAt: z.string().nullable(),
  deviceInstallationType: z.number().int(),
});

export const siteHealthRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alias: z.string().nullable(),
  siteGroups: z.array(z.string()),
  organization: z.string(),
  /** Live emission sources at the site (the model needs at least one). */
  emissionSourceCount: z.number().int(),
  devices: z.array(siteHealthDeviceSchema),
  /** Open tickets and those resolved in the last week. */
  freshdeskTickets: z.array(z.object({ id: z.number().int(), status: z.number().int() })),
  symptomPrimaryNames: z.array(z.string()),
  /** isBlocked and blockReason only while on (spec 3 §8 model warning: no emission sources or an active device without recent data). */
  modellingPipeline: z.object({
    isOn: z.boolean(),
    lastRunTime: z.string().nullable(),
    processedUpTo: z.string().nullable(),
    isBlocked: z.boolean(),
    blockReason: z.string().nullable(),
  }),
  deletedAt: z.string().nullable(),
});
export type SiteHealthRow = z.infer<typeof siteHealthRowSchema>;

export const siteHealthEndpoint = endpoint({
  method: 'GET',
  path: '/api/siteHealth/siteHealth/',
  access: [Permission.SiteHealthAdministration],
  query: siteListQuerySchema,
  response: z.array(siteHealthRowSchema),
});
