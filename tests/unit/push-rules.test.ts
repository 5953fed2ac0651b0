// The push integration rules the form and the server share (spec 3 §5 'Integration').
import { describe, expect, it } from 'vitest';
import {
  headerKeyProblem,
  INTEGRATION_MESSAGES,
  integrationFormSchema,
  integrationInputSchema,
  isHttpsUrl,
  type IntegrationInput,
} from '@/domain/integration';
import { parseCidrList, UNREACHABLE_ADDRESS_MESSAGE, USERINFO_MESSAGE } from '@/domain/network-address';

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
    for (const url of [
      'http://hooks.example.com',
      'ftp://x',
      'https://',
      'hooks.example.com',
      ' https://x.example.com',
      'https:/x.example.com',
    ])
      expect(isHttpsUrl(url), url).toBe(false);
  });

  it('gives one message per problem', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ requestUrl: 'http://hooks.example.com' })).toEqual([
      `requestUrl: ${INTEGRATION_MESSAGES.urlHttps}`,
    ]);
    expect(messages({ requestUrl: '' })).toEqual([`requestUrl: ${INTEGRATION_MESSAGES.urlRequired}`]);
    expect(messages({ name: '   ' })).toEqual([`name: ${INTEGRATION_MESSAGES.nameRequired}`]);
    expect(messages({ headers: [{ key: 'Bad Key', value: 'v' }] })).toEqual([
      `headers.0.key: ${INTEGRATION_MESSAGES.headerKeyInvalid}`,
    ]);
    expect(messages({ headers: [{ key: 'host', value: 'v' }] })).toEqual([
      `headers.0.key: ${INTEGRATION_MESSAGES.headerKeyReserved}`,
    ]);
    expect(messages({ headers: [{ key: 'X', value: 'a\r\nInjected: 1' }] })).toEqual([
      `headers.0.value: ${INTEGRATION_MESSAGES.headerValueInvalid}`,
    ]);
    expect(messages({ maxRequestSizeInBytes: Number.NaN })).toEqual([
      `maxRequestSizeInBytes: ${INTEGRATION_MESSAGES.maxRequestSize}`,
    ]);
    expect(messages({ ch4VolumeDisplayUnitId: 1 })).toEqual([
      `ch4VolumeDisplayUnitId: ${INTEGRATION_MESSAGES.unitNotOffered}`,
    ]);
  });

  it('takes the max request size bounds of spec 3 §9', () => {
    expect(messages({ maxRequestSizeInBytes: 10_000 })).toEqual([]);
    expect(messages({ maxRequestSizeInBytes: 2_147_483_647 })).toEqual([]);
    expect(messages({ maxRequestSizeInBytes: 9_999 })).toHaveLength(1);
    expect(messages({ maxRequestSizeInBytes: 2_147_483_648 })).toHaveLength(1);
  });

  it('refuses hop-by-hop, host-identity, proxy and cloud-metadata headers', () => {
    for (const key of [
      'Host',
      'Connection',
      'Transfer-Encoding',
      'Content-Length',
      'Keep-Alive',
      'Upgrade',
      'TE',
      'X-Forwarded-For',
    ])
      expect(headerKeyProblem(key), key).toBe(INTEGRATION_MESSAGES.headerKeyReserved);
    for (const key of ['Proxy-Authorization', 'proxy-connection'])
      expect(headerKeyProblem(key), key).toBe(INTEGRATION_MESSAGES.headerKeyProxy);
    for (const key of [
      'Metadata-Flavor',
      'X-aws-ec2-metadata-token',
      'X-aws-ec2-metadata-token-ttl-seconds',
      'Metadata',
      'X-Google-Metadata-Request',
    ])
      expect(headerKeyProblem(key), key).toBe(INTEGRATION_MESSAGES.headerKeyMetadata);
    for (const key of ['Authorization', 'X-Api-Key', 'Content-Type']) expect(headerKeyProblem(key), key).toBeNull();
    expect(messages({ headers: [{ key: 'Metadata-Flavor', value: 'Google' }] })).toEqual([
      `headers.0.key: ${INTEGRATION_MESSAGES.headerKeyMetadata}`,
    ]);
  });

  it('refuses user info in the URL', () => {
    expect(messages({ requestUrl: 'https://user@hooks.example.com/' })).toEqual([`requestUrl: ${USERINFO_MESSAGE}`]);
    expect(messages({ requestUrl: 'https://user:pw@hooks.example.com/' })).toEqual([`requestUrl: ${USERINFO_MESSAGE}`]);
  });

  it('the form refuses literal private addresses unless the operator allows them', () => {
    const form = (url: string, allowed = '') => {
      const r = integrationFormSchema(parseCidrList(allowed)).safeParse({ ...valid, requestUrl: url });
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    for (const url of [
      'https://127.0.0.1/',
      'https://169.254.169.254/',
      'https://[::1]/',
      'https://10.0.0.1/',
      'https://0x7f000001/',
      'https://[::ffff:7f00:1]/',
      'https://localhost:8443/',
    ]) {
      expect(form(url), url).toEqual([`requestUrl: ${UNREACHABLE_ADDRESS_MESSAGE}`]);
    }
    expect(form('https://10.20.0.5/in', '10.20.0.0/16')).toEqual([]);
    expect(form('https://hooks.example.com/in')).toEqual([]);
    expect(form('https://u@hooks.example.com/in')).toEqual([`requestUrl: ${USERINFO_MESSAGE}`]);
  });
});
