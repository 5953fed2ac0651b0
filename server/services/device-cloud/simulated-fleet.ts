// The simulated fleet: Qube devices that answer cloud functions as the real firmware would — offline devices do not
// answer, arguments out of range are refused, and a call has its effect (a reboot logs a boot event, a firmware target
// is recorded, an interval is checked).
import type { CloudFunctionDefinition } from '@/contracts/device';
import { readRmxArgument, SET_RMX_FUNCTION } from '@/domain/sensor-configuration';
import type { DeviceCloud } from './device-cloud';

const FUNCTIONS: readonly CloudFunctionDefinition[] = [
  {
    id: 1,
    functionType: 'reboot',
    argument: 'now',
    description: 'Restart the device. Measurements pause for about two minutes.',
    paramsRequired: false,
  },
  {
    id: 2,
    functionType: 'setSampleInterval',
    argument: 'seconds=XXX',
    description: 'Seconds between measurements, 10 to 3600.',
    paramsRequired: true,
  },
  {
    id: 3,
    functionType: 'purgeInlet',
    argument: 'seconds=XXX',
    description: 'Run the inlet pump in reverse for 1 to 600 seconds to clear the inlet.',
    paramsRequired: true,
  },
  {
    id: 4,
    functionType: 'setFirmwareTarget',
    argument: 'version=XXX',
    description: 'Firmware version to update to at the next handshake (for example 6.3.2).',
    paramsRequired: true,
  },
  {
    id: 5,
    functionType: 'requestDiagnostics',
    argument: 'all',
    description: 'Ask the device to publish its diagnostics now.',
    paramsRequired: false,
  },
  {
    id: 6,
    functionType: 'zeroCH4',
    argument: 'ambient',
    description: 'Zero the CH4 sensor against ambient air. Only when no leak is present.',
    paramsRequired: false,
  },
];

function numberArg(argument: string, key: string, min: number, max: number): string | null {
  const m = new RegExp(`^${key}=(\\d+)$`).exec(argument);
  if (!m) return `Invalid argument '${argument}': expected ${key}=<number>`;
  const n = Number(m[1]);
  return n < min || n > max ? `Invalid argument '${argument}': ${key} must be between ${min} and ${max}` : null;
}

export const simulatedFleet: DeviceCloud = {
  functions: () => FUNCTIONS,
  async call(db, device, functionType, argument) {
    const fn = FUNCTIONS.find((f) => f.functionType === functionType);
    // Coefficients are loaded by the Sensor Configurations screen only, so the function is not in the public list.
    if (!fn && functionType !== SET_RMX_FUNCTION) return { success: false, error: `Unknown function ${functionType}` };
    if (device.online !== true)
      return { success: false, error: `Timed out: ${device.name} is not connected to the device cloud` };
    if (functionType === SET_RMX_FUNCTION) {
      const rmx = readRmxArgument(argument);
      if (!rmx)
        return {
          success: false,
          error: `Invalid argument '${argument}': expected version=<id>;coefficients=<numbers>`,
        };
      // The firmware applies the coefficients and reports the version it now runs.
      await db.query(
        'UPDATE devices SET sensor_configuration_version_id = $1, particle_last_heard_at = now() WHERE id = $2',
        [rmx.versionId, device.id],
      );
      return { success: true, error: null };
    }
    let problem: string | null = null;
    if (functionType === 'setSampleInterval') problem = numberArg(argument, 'seconds', 10, 3600);
    if (functionType === 'purgeInlet') problem = numberArg(argument, 'seconds', 1, 600);
    if (functionType === 'setFirmwareTarget' && !/^version=\d+\.\d+\.\d+$/.test(argument))
      problem = `Invalid argument '${argument}': expected version=<major.minor.patch>`;
    if (problem) return { success: false, error: problem };
    if (functionType === 'setFirmwareTarget') {
      await db.query('UPDATE devices SET particle_targeted_firmware_version = $1 WHERE id = $2', [
        argument.slice('version='.length),
        device.id,
      ]);
    }
    if (functionType === 'reboot') {
      await db.query(
        `INSERT INTO device_events (device_id, site_id, time, event_code, message, parameters, firmware_version)
         SELECT d.id, i.site_id, now(), 100, 'Device booted', 'reason=remote', d.particle_firmware_version
           FROM devices d LEFT JOIN device_installations i ON i.device_id = d.id AND i.ended_at IS NULL WHERE d.id = $1`,
        [device.id],
      );
      await db.query(
        'UPDATE devices SET particle_last_handshake_at = now(), particle_last_heard_at = now() WHERE id = $1',
        [device.id],
      );
    }
    return { success: true, error: null };
  },
};
