// The device cloud the server talks to: the simulated fleet until a real account's adapter is configured.
import type { DeviceCloud } from './device-cloud';
import { simulatedFleet } from './simulated-fleet';

export const deviceCloud: DeviceCloud = simulatedFleet;
