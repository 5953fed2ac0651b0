// Sensor configurations (spec 3 §7 'Sensor configurations'): the current grid, add (a new version), the CSV template
// and bulk upload, a sensor's or a device's history, and loading coefficients onto online devices (the device-cloud
// call's path is not in the spec). Gated by SensorConfiguration in the selected organization.
import {
  addSensorConfigurationEndpoint,
  bulkUploadSensorConfigurationsEndpoint,
  currentSensorConfigurationsEndpoint,
  sensorConfigurationHistoryEndpoint,
  sensorConfigurationTemplateEndpoint,
  setRmxCoefficientsEndpoint,
} from '@/contracts/sensor-configuration';
import { toCsv } from '@/domain/csv';
import { SENSOR_CONFIGURATION_COLUMNS } from '@/domain/sensor-configuration';
import { readCsvRecords } from '../http/csv-records';
import { defineRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { deviceCloud } from '../services/device-cloud';
import {
  addSensorConfiguration,
  applySensorConfigurationUpload,
  loadCurrentSensorConfigurations,
  loadSensorConfigurationHistory,
  setRmxCoefficients,
} from '../services/sensor-configuration';

export const sensorConfigurationRoutes = [
  defineRoute(currentSensorConfigurationsEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The organization's Qubes with their CH4 sensor's latest configuration, and configured sensors no Qube carries",
    handler: ({ organizationId, database }) => loadCurrentSensorConfigurations(database, organizationId!),
  }),
  defineRoute(addSensorConfigurationEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Saves a sensor's coefficients as its new version (unchanged coefficients add none)",
    example: { body: { sensorSerialNumber: '12345678', coefficients: '1.0213, -0.0042, 0.000017' } },
    handler: ({ body, organizationId, user, database }) =>
      addSensorConfiguration(database, organizationId!, body.sensorSerialNumber, body.coefficients, user!.email),
  }),
  defineRoute(sensorConfigurationTemplateEndpoint, {
    orgScope: false,
    summary: 'The bulk upload CSV template',
    handler: async ({ reply }) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="SensorConfigurationTemplate.csv"')
        .send(
          toCsv(
            SENSOR_CONFIGURATION_COLUMNS.map((c) => c.header),
            [],
          ),
        ),
  }),
  defineRoute(bulkUploadSensorConfigurationsEndpoint, {
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Saves a version for every CSV row whose coefficients changed; every row or none; answers the count',
    multipart: true,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request, 'csvFile');
      try {
        return {
          count: await applySensorConfigurationUpload(database, bytes, organizationId!, user!.email),
        };
      } catch (e) {
        // A file with problems is an answer, as for the other bulk uploads: nothing was written.
        if (e instanceof DomainError && e.kind === 'Invalid')
          return { count: 0, error: e.message, errors: e.errors ?? {} };
        throw e;
      }
    },
  }),
  defineRoute(sensorConfigurationHistoryEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      'Every version of a sensor (sensorSerialNumber), or of the sensors a Qube carries or was sent (deviceId), newest first',
    handler: ({ query, organizationId, database }) => {
      if (query.deviceId !== undefined)
        return loadSensorConfigurationHistory(database, organizationId!, { deviceId: query.deviceId });
      if (query.sensorSerialNumber)
        return loadSensorConfigurationHistory(database, organizationId!, {
          sensorSerialNumber: query.sensorSerialNumber,
        });
      throw new DomainError('Invalid', 'A deviceId or sensorSerialNumber is required');
    },
  }),
  defineRoute(setRmxCoefficientsEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Loads each Qube's latest sensor configuration through the device cloud; answers each device's result",
    example: { body: { deviceIds: [1] } },
    handler: ({ body, organizationId, user, database }) =>
      setRmxCoefficients(database, deviceCloud, organizationId!, body.deviceIds, user!.email),
  }),
];
