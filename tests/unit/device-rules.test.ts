import { describe, expect, it } from 'vitest';
import {
  deviceFormSchema,
  quarantineBlocked,
  quarantineOptions,
  SERIAL_PREFIX_MESSAGE,
  startInstallationSchema,
} from '@/domain/device-form';
import { dataFreshness, matchesDeviceHealthFilter, quarantineTone } from '@/domain/device-health';
import { gridQueryParams, gridQuerySchema } from '@/domain/grid-query';
import { defaultTicketSource, isPrivateNote, ticketCreateSchema, ticketTone } from '@/domain/ticket';

const form = {
  id: 0,
  name: 'A-1234',
  organizationId: 1,
  deviceType: 'Qube' as const,
  pcbQrCode: null,
  thirdPartyId: 'tp',
  thirdPartySerialNumber: 'ARNT-1',
  anemometer: null,
  battery: null,
  solar: null,
  fan: null,
  pcbVersion: null,
  antenna: null,
  inletFilter: null,
  anemometerSerialNumber: null,
  batterySerialNumber: null,
  solarSerialNumber: null,
  fanSerialNumber: null,
  pcbSerialNumber: null,
  daughterCardSerialNumber: null,
  inletVentDcaCleanoutTime: null,
  productionNotes: null,
};
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('device form rules', () => {
  it('checks name formats per kind when adding', () => {
    const add = deviceFormSchema(null);
    expect(add.safeParse(form).success).toBe(true);
    expect(add.safeParse({ ...form, name: 'AXON-V3-0001' }).success).toBe(true);
    expect(messages(add.safeParse({ ...form, name: 'A-123' })).name).toMatch(
      /^The device name must be in the form of A-XXXX/,
    );
    expect(messages(add.safeParse({ ...form, name: 'A-12a4' })).name).toBeDefined();
    expect(add.safeParse({ ...form, deviceType: 'QubeLite', name: 'B-ab_1' }).success).toBe(true);
    expect(messages(add.safeParse({ ...form, deviceType: 'QubeCamera', name: 'C-ab!1' })).name).toMatch(
      /^The device name must be in the form of C-XXXX/,
    );
  });
  it('keeps an unchanged legacy name and checks a changed one', () => {
    expect(deviceFormSchema('QB-00001').safeParse({ ...form, name: 'QB-00001' }).success).toBe(true);
    expect(deviceFormSchema('QB-00001').safeParse({ ...form, name: 'QB-00002' }).success).toBe(false);
  });
  it('requires a Qube serial with a known prefix, not for other kinds', () => {
    const add = deviceFormSchema(null);
    expect(messages(add.safeParse({ ...form, thirdPartySerialNumber: 'X1' })).thirdPartySerialNumber).toBe(
      SERIAL_PREFIX_MESSAGE,
    );
    expect(messages(add.safeParse({ ...form, thirdPartySerialNumber: null })).thirdPartySerialNumber).toBe(
      'Third Party Serial Number is required',
    );
    expect(
      add.safeParse({ ...form, deviceType: 'QubeLite', name: 'B-0001', thirdPartySerialNumber: null }).success,
    ).toBe(true);
    expect(messages(add.safeParse({ ...form, battery: { id: 0, name: 'x'.repeat(257) } }))['battery.name']).toBe(
      'Battery must be at most 256 characters',
    );
  });
  it('validates start installation numbers and coordinates', () => {
    const ok = startInstallationSchema.safeParse({
      deviceId: 1,
      siteId: 2,
      locationLatLng: '31.9,-102.1',
      height: '',
      azimuth: '359.9',
    });
    expect(ok.success && ok.data).toMatchObject({ height: null, azimuth: 359.9 });
    expect(
      messages(
        startInstallationSchema.safeParse({
          deviceId: 1,
          siteId: 0,
          locationLatLng: '86,0',
          height: '10001',
          azimuth: '-1',
        }),
      ),
    ).toEqual({
      siteId: 'Site is required',
      locationLatLng: 'Please enter valid latitude and longitude coordinates.',
      height: 'Height must be less than or equal to 10,000',
      azimuth: 'Azimuth must be greater than or equal to 0',
    });
  });
  it('offers quarantine types by kind', () => {
    expect(quarantineOptions('Qube').map((o) => o.label)).toEqual(['Unquarantined', 'Quarantined', 'Wind Quarantined']);
    expect(quarantineOptions('QubeLite').map((o) => o.label)).toEqual(['Unquarantined', 'Quarantined']);
    expect(quarantineOptions('QubeCamera')).toEqual([]);
    expect(quarantineBlocked('QubeCamera', true)).toBe('Qube Camera devices cannot be quarantined');
    expect(quarantineBlocked('Qube', false)).toBe('Devices must be installed to change their quarantine state');
    expect(quarantineBlocked('Qube', true)).toBeNull();
  });
});

describe('device health rules', () => {
  const now = Date.UTC(2026, 0, 1, 12);
  const live = { quarantinedAt: null, deviceInstallationType: 0, particleOnlineStatus: true };
  it('colours readings by age, disabled for quarantined or unknown devices', () => {
    expect(dataFreshness(new Date(now - 30 * 60_000).toISOString(), live, now)).toBe('success');
    expect(dataFreshness(new Date(now - 2 * 3_600_000).toISOString(), live, now)).toBe('warning');
    expect(dataFreshness(new Date(now - 25 * 3_600_000).toISOString(), live, now)).toBe('error');
    expect(dataFreshness(null, live, now)).toBe('error');
    expect(dataFreshness(null, { ...live, particleOnlineStatus: null }, now)).toBe('disabled');
    expect(
      dataFreshness(null, { ...live, quarantinedAt: '2026-01-01T00:00:00Z', deviceInstallationType: 1 }, now),
    ).toBe('disabled');
  });
  it('applies the quick filters and quarantine colours', () => {
    const d = {
      deviceType: 'QubeLite',
      particleOnlineStatus: false,
      deviceInstallationType: 2,
      quarantinedAt: '2026-01-01T00:00:00Z',
      ticketCount: 0,
    };
    expect(
      ['No Tickets', 'Offline', 'Wind Quarantined', 'Non-Qube'].map((f) =>
        matchesDeviceHealthFilter(f as 'Offline', d),
      ),
    ).toEqual([true, true, true, true]);
    expect(
      ['No Tickets', 'Offline', 'Wind Quarantined', 'Non-Qube'].map((f) =>
        matchesDeviceHealthFilter(f as 'Offline', {
          ...d,
          deviceType: 'Qube',
          particleOnlineStatus: null,
          quarantinedAt: null,
          ticketCount: 1,
        }),
      ),
    ).toEqual([false, false, false, false]);
    expect(quarantineTone(d)).toBe('info');
    expect(quarantineTone({ ...d, deviceInstallationType: 1 })).toBe('warning');
    expect(quarantineTone({ ...d, quarantinedAt: null })).toBeNull();
  });
});

describe('ticket rules', () => {
  it('colours by status and defaults the source by environment', () => {
    expect([5, 4, 2, 1, 3, 0, null, 6].map(ticketTone)).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'info',
      'info',
      'info',
      'error',
    ]);
    expect(defaultTicketSource(true)).toBe(0);
    expect(defaultTicketSource(false)).toBe(2);
    expect(isPrivateNote(' ')).toBe(true);
    expect(isPrivateNote('a@b.c')).toBe(false);
  });
  it('requires the create fields and refuses closing statuses', () => {
    const base = {
      deviceId: 1,
      subject: 'x',
      status: 0,
      priority: 0,
      ticketSource: 0,
      symptomPrimaryId: null,
      symptomSecondaryId: null,
      symptomInferenceId: null,
      nextStepId: null,
      description: null,
    };
    expect(ticketCreateSchema.safeParse(base).success).toBe(true);
    expect(messages(ticketCreateSchema.safeParse({ ...base, status: 4 })).status).toBe('Status is required');
    expect(messages(ticketCreateSchema.safeParse({ ...base, subject: ' ' })).subject).toBe('Subject is required');
  });
});

describe('grid block requests', () => {
  it('encodes and parses the same request', () => {
    const params = gridQueryParams({
      startRow: 40,
      endRow: 80,
      sort: { columnId: 'message', ascending: false },
      filters: { message: { type: 'contains', value: 'fan' }, siteName: { type: 'contains', value: ' ' } },
      quickFilters: ['DeveloperCodes'],
    });
    expect(params).toEqual({
      startRow: 40,
      endRow: 80,
      sortColumn: 'message',
      sortAscending: false,
      quickFilters: ['DeveloperCodes'],
      'message.type': 'contains',
      'message.value': 'fan',
    });
    const schema = gridQuerySchema(['message', 'siteName'] as const, ['DeveloperCodes'] as const);
    const parsed = schema.safeParse({
      startRow: '40',
      endRow: '80',
      sortColumn: 'message',
      sortAscending: 'false',
      quickFilters: 'DeveloperCodes',
      message: { type: 'contains', value: 'fan' },
    });
    expect(parsed.success && parsed.data).toMatchObject({
      startRow: 40,
      endRow: 80,
      quickFilters: ['DeveloperCodes'],
      message: { type: 'contains', value: 'fan' },
    });
    expect(schema.safeParse({ startRow: '0', endRow: '501' }).success).toBe(false);
    expect(schema.safeParse({ startRow: '0', endRow: '10', sortColumn: 'id' }).success).toBe(false);
  });
});
