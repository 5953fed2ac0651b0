// The push integration rules the form and the server share (spec 3 §5 'Integration').
import { describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES, integrationInputSchema, isHttpsUrl, type IntegrationInput } from '@/domain/integrations';

const valid: IntegrationInput = {
  name: 'Feed',
  dataType: 0,
  requestUrl: 'https://hooks.example.com/in',
  headers: [{ key: 'Authorization', value: 'Bearer x' }],
  maxRequestSizeInBytes: null,
  enabled: true,
  ch4RateDisplayUnitId: 1,
  ch4VolumeDisplayUnitId: 11,
  siteGroupIds: [],
};
const messages = (over: Record<string, unknown>) => {
  const r = integrationInputSchema.safeParse({ ...valid, ...over });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('push integration rules', () => {
  it('accepts https URLs only', () => {
    expect(isHttpsUrl('https://hooks.example.com/a?b=c')).toBe(true);
    expect(isHttpsUrl('HTTPS://hooks.example.com')).toBe(true);
    for (const url of ['http://hooks.example.com', 'ftp://x', 'https://', 'hooks.example.com', ' https://x.example.com', 'https:/x.example.com']) expect(isHttpsUrl(url), url).toBe(false);
  });

  it('gives one message per problem', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ requestUrl: 'http://hooks.example.com' })).toEqual([`requestUrl: ${INTEGRATION_MESSAGES.urlHttps}`]);
    expect(messages({ requestUrl: '' })).toEqual([`requestUrl: ${INTEGRATION_MESSAGES.urlRequired}`]);
    expect(messages({ name: '   ' })).toEqual([`name: ${INTEGRATION_MESSAGES.nameRequired}`]);
    expect(messages({ headers: [{ key: 'Bad Key', value: 'v' }] })).toEqual([`headers.0.key: ${INTEGRATION_MESSAGES.headerKeyInvalid}`]);
    expect(messages({ headers: [{ key: 'host', value: 'v' }] })).toEqual([`headers.0.key: ${INTEGRATION_MESSAGES.headerKeyReserved}`]);
    expect(messages({ headers: [{ key: 'X', value: 'a\r\nInjected: 1' }] })).toEqual([`headers.0.value: ${INTEGRATION_MESSAGES.headerValueInvalid}`]);
    expect(messages({ maxRequestSizeInBytes: Number.NaN })).toEqual([`maxRequestSizeInBytes: ${INTEGRATION_MESSAGES.maxRequestSize}`]);
    expect(messages({ ch4VolumeDisplayUnitId: 1 })).toEqual([`ch4VolumeDisplayUnitId: ${INTEGRATION_MESSAGES.unitNotOffered}`]);
  });

  it('takes the max request size bounds of spec 3 §9', () => {
    expect(messages({ maxRequestSizeInBytes: 10_000 })).toEqual([]);
    expect(messages({ maxRequestSizeInBytes: 2_147_483_647 })).toEqual([]);
    expect(messages({ maxRequestSizeInBytes: 9_999 })).toHaveLength(1);
    expect(messages({ maxRequestSizeInBytes: 2_147_483_648 })).toHaveLength(1);
  });
});
