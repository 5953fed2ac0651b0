// Push integrations (spec 3 §3 'Integration', 'Push integration data types', §4 'Api key and integration', §5
// 'Integration', §8, §9 'Integrations'): the data types, the rules the form and the server both check, and the texts.
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';
import { defineEnum } from './enum';
import { destinationProblem, USERINFO_MESSAGE, type Cidr } from './network-address';
import { LARGE_TEXT_MAX, MEDIUM_TEXT_MAX } from './text-limits';
import { UNIT_GROUPS, unitById } from './units';

export const IntegrationDataType = defineEnum('IntegrationDataType', {
  Alarms: [0, 'Alarms'],
  Emissions: [1, 'Emissions'],
  EmissionRates: [2, 'Emission Rates'],
});

export const INTEGRATION_NAME_MAX = MEDIUM_TEXT_MAX;
export const INTEGRATION_URL_MAX = LARGE_TEXT_MAX;
export const HEADER_KEY_MAX = MEDIUM_TEXT_MAX;
export const HEADER_VALUE_MAX = LARGE_TEXT_MAX;
/** spec 3 §9: max request size 10000 to 2147483647 bytes. */
export const MAX_REQUEST_SIZE_MIN = 10_000;
export const MAX_REQUEST_SIZE_MAX = 2_147_483_647;
/** spec 3 §9: the last 10 successes and the last 10 failures. */
export const EXECUTION_HISTORY_SIZE = 10;
/** spec 3 §9: the list counts executions of the last 24 hours. */
export const EXECUTION_COUNT_WINDOW_MS = 24 * 3_600_000;
/** Headers the deliverer sets itself (body length, target host, connection handling) and the other hop-by-hop ones. */
export const RESERVED_HEADERS = [
  'content-length',
  'host',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
] as const;
/** Headers whose only use is asking a cloud metadata service for credentials (GCP, AWS IMDSv2, Azure, Alibaba). */
export const METADATA_HEADERS = [
  'metadata-flavor',
  'x-google-metadata-request',
  'x-aws-ec2-metadata-token',
  'x-aws-ec2-metadata-token-ttl-seconds',
  'metadata',
  'x-identity-header',
  'x-aliyun-ecs-metadata-token',
] as const;

export const INTEGRATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${INTEGRATION_NAME_MAX} characters`,
  dataTypeRequired: 'Data Type is required',
  dataTypeFixed: 'The data type cannot be changed when editing',
  urlRequired: 'URL is required',
  urlHttps: 'URL must be a valid https URL',
  urlMax: `URL must be at most ${INTEGRATION_URL_MAX} characters`,
  headerKeyRequired: 'Header key is required',
  headerKeyMax: `Header key must be at most ${HEADER_KEY_MAX} characters`,
  headerKeyInvalid: "Header key may hold only letters, digits and !#$%&'*+-.^_`|~",
  headerKeyReserved: 'This header is set by the push deliverer',
  headerKeyProxy: 'Proxy headers cannot be sent',
  headerKeyMetadata: 'Cloud metadata headers cannot be sent',
  urlUserInfo: USERINFO_MESSAGE,
  headerValueRequired: 'Header value is required',
  headerValueMax: `Header value must be at most ${HEADER_VALUE_MAX} characters`,
  headerValueInvalid: 'Header value cannot contain line breaks',
  maxRequestSize: `Max request size must be a whole number from ${MAX_REQUEST_SIZE_MIN} to ${MAX_REQUEST_SIZE_MAX}`,
  rateUnitRequired: 'CH4 rate unit is required',
  volumeUnitRequired: 'CH4 volume unit is required',
  unitNotOffered: 'Choose one of the units offered',
  siteGroupNotFound: 'A site group does not belong to this organization',
  notFound: 'Integration not found',
  added: 'Integration added',
  edited: 'Integration edited',
  deleted: 'Integration deleted',
  deleteConfirm: (name: string) => `Are you sure you want to delete '${name}'?`,
  noIntegrations: 'This organization has no push integrations yet.',
  noExecutions: 'Nothing has been delivered yet: an execution is recorded when there are new records to send.',
} as const;

// RFC 9110 token characters: anything else makes the request itself invalid.
const HEADER_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** True for an absolute https URL with a host. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Why a header may not be sent: the deliverer's own, hop-by-hop, proxy or cloud-metadata headers; null when it may. */
export function headerKeyProblem(key: string): string | null {
  const k = key.toLowerCase();
  if ((RESERVED_HEADERS as readonly string[]).includes(k)) return INTEGRATION_MESSAGES.headerKeyReserved;
  if (k.startsWith('proxy-')) return INTEGRATION_MESSAGES.headerKeyProxy;
  if ((METADATA_HEADERS as readonly string[]).includes(k)) return INTEGRATION_MESSAGES.headerKeyMetadata;
  return null;
}

export const integrationHeaderSchema = z.object({
  key: z
    .string({ error: INTEGRATION_MESSAGES.headerKeyRequired })
    .trim()
    .min(1, INTEGRATION_MESSAGES.headerKeyRequired)
    .max(HEADER_KEY_MAX, INTEGRATION_MESSAGES.headerKeyMax)
    .superRefine((key, ctx) => {
      if (key === '' || key.length > HEADER_KEY_MAX) return;
      if (!HEADER_TOKEN.test(key)) ctx.addIssue({ code: 'custom', message: INTEGRATION_MESSAGES.headerKeyInvalid });
      else {
        const problem = headerKeyProblem(key);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
    }),
  value: z
    .string({ error: INTEGRATION_MESSAGES.headerValueRequired })
    .min(1, INTEGRATION_MESSAGES.headerValueRequired)
    .max(HEADER_VALUE_MAX, INTEGRATION_MESSAGES.headerValueMax)
    .refine((v) => !/[\r\n\0]/.test(v), INTEGRATION_MESSAGES.headerValueInvalid),
});
export type IntegrationHeader = z.infer<typeof integrationHeaderSchema>;

const unitOf = (group: keyof typeof UNIT_GROUPS, required: string) =>
  z
    .number({ error: required })
    .int(required)
    .refine((id) => unitById(id)?.unitGroupId === UNIT_GROUPS[group], INTEGRATION_MESSAGES.unitNotOffered);

/** What the Add/Edit dialog sends and the server checks (spec 3 §5 'Integration'). */
export const integrationInputSchema = z.object({
  name: z
    .string({ error: INTEGRATION_MESSAGES.nameRequired })
    .trim()
    .min(1, INTEGRATION_MESSAGES.nameRequired)
    .max(INTEGRATION_NAME_MAX, INTEGRATION_MESSAGES.nameMax),
  dataType: z
    .number({ error: INTEGRATION_MESSAGES.dataTypeRequired })
    .int()
    .refine((v) => IntegrationDataType.options.some((o) => o.value === v), INTEGRATION_MESSAGES.dataTypeRequired),
  requestUrl: z
    .string({ error: INTEGRATION_MESSAGES.urlRequired })
    .trim()
    .min(1, INTEGRATION_MESSAGES.urlRequired)
    .max(INTEGRATION_URL_MAX, INTEGRATION_MESSAGES.urlMax)
    .refine((v) => v === '' || v.length > INTEGRATION_URL_MAX || isHttpsUrl(v), INTEGRATION_MESSAGES.urlHttps)
    // Credentials in the URL would be sent as Basic auth and shown in history; headers are the place for them.
    .refine((v) => !isHttpsUrl(v) || destinationProblem(v) !== USERINFO_MESSAGE, INTEGRATION_MESSAGES.urlUserInfo),
  headers: z.array(integrationHeaderSchema).max(50),
  maxRequestSizeInBytes: z
    .number({ error: INTEGRATION_MESSAGES.maxRequestSize })
    .int(INTEGRATION_MESSAGES.maxRequestSize)
    .min(MAX_REQUEST_SIZE_MIN, INTEGRATION_MESSAGES.maxRequestSize)
    .max(MAX_REQUEST_SIZE_MAX, INTEGRATION_MESSAGES.maxRequestSize)
    .nullable(),
  enabled: z.boolean(),
  ch4RateDisplayUnitId: unitOf('ch4Rate', INTEGRATION_MESSAGES.rateUnitRequired),
  ch4VolumeDisplayUnitId: unitOf('ch4Volume', INTEGRATION_MESSAGES.volumeUnitRequired),
  siteGroupIds: z.array(idSchema).max(1000),
});
export type IntegrationInput = z.infer<typeof integrationInputSchema>;

/**
 * The form's rules plus the destination check for literal hosts (src/domain/network-address.ts), given the CIDRs the
 * operator allows (PUSH_ALLOW_CIDRS). The server runs the same check on save and checks resolved names on delivery.
 */
export const integrationFormSchema = (allowed: readonly Cidr[]) =>
  integrationInputSchema.superRefine((v, ctx) => {
    const problem = isHttpsUrl(v.requestUrl) ? destinationProblem(v.requestUrl, allowed) : null;
    if (problem && problem !== USERINFO_MESSAGE)
      ctx.addIssue({ code: 'custom', path: ['requestUrl'], message: problem });
  });

/** Yes or No (spec 3 §4). */
export const enabledLabel = (enabled: boolean) => (enabled ? 'Yes' : 'No');
