// Sensor configurations (spec 3 §7 'Sensor configurations'): the current grid, add (a new version), the CSV template
// and bulk upload, a sensor's or a device's history, and loading coefficients onto online devices (the device-cloud
// call's path is not in the spec). Gated by SensorConfiguration in the selected organization.
import { z } from 'zod';
import { idSchema, queryIdSchema } from '@/contracts/bounds';
import {
  rmxResultSchema,
  sensorConfigurationHistoryRowSchema,
  sensorConfigurationRowSchema,
} from '@/contracts/sensor-configuration';
import { toCsv } from '@/domain/csv';
import { Permission } from '@/domain/permissions';
import { SENSOR_CONFIGURATION_COLUMNS, sensorBulkAnswerSchema } from '@/domain/sensor-configuration';
import { readCsvRecords } from '../http/csv-records';
import { defineLegacyRoute } from '../http/define-route';
import { DomainError } from '../services/errors';
import { deviceCloud } from '../services/device-cloud';
import {
  addSensorConfiguration,
  applySensorConfigurationUpload,
  loadCurrentSensorConfigurations,
  loadSensorConfigurationHistory,
  setRmxCoefficients,
} from '../services/sensor-configurations';

const access = [Permission.SensorConfiguration];
const orgQuery = z.object({ organizationId: queryIdSchema });

export const sensorConfigurationRoutes = [
  defineLegacyRoute({
    method: 'GET',
    url: '/api/sensorConfiguration/currentSensorConfigurations/',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      "The organization's Qubes with their CH4 sensor's latest configuration, and configured sensors no Qube carries",
    query: orgQuery,
    response: z.array(sensorConfigurationRowSchema),
    handler: ({ organizationId, database }) => loadCurrentSensorConfigurations(database, organizationId!),
  }),
  defineLegacyRoute({
    method: 'POST',
    url: '/api/sensorConfiguration/AddSensorConfiguration/',
    access,
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Saves a sensor's coefficients as its new version (unchanged coefficients add none)",
    body: z.object({
      organizationId: idSchema,
      sensorSerialNumber: z.string().max(64),
      coefficients: z.string().max(2000),
    }),
    response: z.object({ versionId: z.number().int(), added: z.boolean() }),
    example: { body: { sensorSerialNumber: '12345678', coefficients: '1.0213, -0.0042, 0.000017' } },
    handler: ({ body, organizationId, user, database }) =>
      addSensorConfiguration(database, organizationId!, body.sensorSerialNumber, body.coefficients, user!.email),
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/sensorConfiguration/template/',
    access,
    orgScope: false,
    summary: 'The bulk upload CSV template',
    raw: true,
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
  defineLegacyRoute({
    method: 'POST',
    url: '/api/sensorConfiguration/bulkUploadSensorConfigurations/:organizationId',
    access,
    orgScope: { from: 'params', key: 'organizationId' },
    summary: 'Saves a version for every CSV row whose coefficients changed; every row or none; answers the count',
    params: z.object({ organizationId: queryIdSchema }),
    multipart: true,
    response: sensorBulkAnswerSchema,
    handler: async ({ request, organizationId, user, database }) => {
      const bytes = await readCsvRecords(request, 'csvFile');
      try {
        return {
          count: await database.transaction((tx) =>
            applySensorConfigurationUpload(tx, bytes, organizationId!, user!.email),
          ),
        };
      } catch (e) {
        // A file with problems is an answer, as for the other bulk uploads: nothing was written.
        if (e instanceof DomainError && e.kind === 'Invalid')
          return { count: 0, error: e.message, errors: e.errors ?? {} };
        throw e;
      }
    },
  }),
  defineLegacyRoute({
    method: 'GET',
    url: '/api/sensorConfiguration/sensorConfigurationHistory/',
    access,
    orgScope: { from: 'query', key: 'organizationId' },
    summary:
      'Every version of a sensor (sensorSerialNumber), or of the sensors a Qube carries or was sent (deviceId), newest first',
    query: orgQuery.extend({ deviceId: queryIdSchema.optional(), sensorSerialNumber: z.string().max(64).optional() }),
    response: z.array(sensorConfigurationHistoryRowSchema),
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
  defineLegacyRoute({
    method: 'POST',
    url: '/api/sensorConfiguration/setRmxCoefficients/',
    access,
    orgScope: { from: 'body', key: 'organizationId' },
    summary: "Loads each Qube's latest sensor configuration through the device cloud; answers each device's result",
    body: z.object({ organizationId: idSchema, deviceIds: z.array(idSchema).min(1).max(500) }),
    response: z.array(rmxResultSchema),
    example: { body: { deviceIds: [1] } },
    handler: ({ body, organizationId, user, database }) =>
      setRmxCoefficients(database, deviceCloud, organizationId!, body.deviceIds, user!.email),
  }),
];
