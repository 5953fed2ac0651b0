// The Sensor Configurations screen's state: the organization's rows, the grid's selection, which dialog is open, and
// the columns in the user's time zone.
import { useCallback, useMemo, useState } from 'react';
import type { SensorConfigurationRow } from '@/contracts/sensor-configuration';
import { formatDateTime } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { useHasPermission, useSession } from '@/ui/session-context';
import { useCurrentSensorConfigurations, type HistoryOf } from './api';
import { latestCoefficientsBySerial, selectedRows, sensorConfigurationColumns } from './sensor-configuration-columns';

export type SensorDialog =
  | { kind: 'add' }
  | { kind: 'bulk' }
  | { kind: 'edit'; row: SensorConfigurationRow }
  | { kind: 'history'; of: HistoryOf }
  | { kind: 'rmx'; rows: SensorConfigurationRow[] };

export function useSensorConfigurationsPage() {
  const { organization, user } = useSession();
  const organizationId = organization!.id;
  const time = useCallback(
    (iso: string) => formatDateTime(iso, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat),
    [user],
  );
  const canOpenDevice = useHasPermission(Permission.DeviceAdministration);
  const query = useCurrentSensorConfigurations(organizationId);
  const { data } = query;
  const [dialog, setDialog] = useState<SensorDialog | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const latestBySerial = useMemo(() => latestCoefficientsBySerial(data), [data]);
  const chosen = useMemo(() => selectedRows(data, selected), [data, selected]);
  const columns = useMemo(() => sensorConfigurationColumns({ canOpenDevice, time }), [canOpenDevice, time]);
  return { organizationId, query, columns, dialog, setDialog, selected, setSelected, chosen, latestBySerial };
}
