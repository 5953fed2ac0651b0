// The Device Dashboard's Detail tab (spec 2 §2): the 'Particle Status' card (device-cloud state) and the 'Device
// Detail' card (identifiers, build, hardware and serial numbers, service date, production notes).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { endpointQuery } from '@/api/endpoint-client';
import { deviceDetailEndpoint } from '@/contracts/device';
import { HARDWARE_ITEMS } from '@/domain/device-form';
import { onlineStatus } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';

const SENSOR_PARTS = [
  ['ch4', 'CH4 Sensor'],
  ['co', 'CO Sensor'],
  ['co2', 'CO2 Sensor'],
  ['h2s', 'H2S Sensor'],
  ['nh3', 'NH3 Sensor'],
  ['no2', 'NO2 Sensor'],
  ['pm2', 'PM2.5 Sensor'],
  ['so2', 'SO2 Sensor'],
  ['voc', 'VOC Sensor'],
  ['anemometer', 'Anemometer'],
  ['battery', 'Battery'],
  ['solar', 'Solar'],
  ['fan', 'Fan'],
  ['pcb', 'PCB'],
  ['daughterCard', 'Daughter Card'],
] as const;

function Card({ title, rows }: { title: string; rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <section className="self-start rounded-box border border-base-300 bg-base-100 p-4" aria-label={title}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-base-content/80">{k}</dt>
            <dd className="break-all">{v === null || v === '' ? '—' : v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function DetailTab({ deviceName }: { deviceName: string }) {
  const { user, organization } = useSession();
  const detail = useQuery(
    endpointQuery(deviceDetailEndpoint, { query: { organizationId: organization!.id, deviceName } }),
  );
  const time = (v: string | null) =>
    v ? formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat) : null;
  if (detail.isPending) return <Spinner label="Loading device detail" />;
  if (detail.error) return <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />;
  const d = detail.data;
  const status = onlineStatus(d.particleOnlineStatus);
  const behind =
    d.particleFirmwareVersion &&
    d.particleTargetedFirmwareVersion &&
    d.particleFirmwareVersion !== d.particleTargetedFirmwareVersion;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card
        title="Particle Status"
        rows={[
          [
            'Online Status',
            <span
              key="s"
              className={`badge badge-sm ${status === 'Online' ? 'badge-success' : status === 'Offline' ? 'badge-error' : 'badge-ghost'}`}
            >
              {status}
            </span>,
          ],
          ['Firmware Version', d.particleFirmwareVersion],
          [
            'Targeted Firmware Version',
            behind ? (
              <span key="t" className="badge badge-sm badge-warning">
                {d.particleTargetedFirmwareVersion}
              </span>
            ) : (
              d.particleTargetedFirmwareVersion
            ),
          ],
          ['Last Heard', time(d.particleLastHeardAt)],
          ['Last Handshake', time(d.particleLastHandshakeAt)],
          ['Notes', d.particleNotes],
        ]}
      />
      <Card
        title="Device Detail"
        rows={[
          ['Name', d.name],
          ['Organization', d.organizationName],
          ['PCB QR Code', d.pcbQrCode],
          ['Third Party Id', d.thirdPartyId],
          ['Third Party Serial Number', d.thirdPartySerialNumber],
          ['Hardware Content', d.hardwareContent],
          [
            'Sensor Configuration Version',
            d.sensorConfigurationVersionId === null ? null : String(d.sensorConfigurationVersionId),
          ],
          ...HARDWARE_ITEMS.map((h) => [h.label, d.hardware[h.key] ?? null] as const),
          ...SENSOR_PARTS.filter(([key]) => d.serialNumbers[key]).map(
            ([key, label]) => [`${label} Serial Number`, d.serialNumbers[key]!] as const,
          ),
          ['Inlet Vent & DCA Cleanout', d.inletVentDcaCleanoutTime ? d.inletVentDcaCleanoutTime.slice(0, 10) : null],
          ['Production Notes', d.productionNotes],
        ]}
      />
    </div>
  );
}
