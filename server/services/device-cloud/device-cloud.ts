// The device cloud adapter (architecture: external systems): lists cloud functions and calls one on a device. The
// built-in implementation is a simulated fleet; a real Particle account would implement the same interface.
import type { CloudFunctionDefinition } from '@/contracts/device';
import type { Queryable } from '../../db/client';

export interface CloudCallResult {
  success: boolean;
  error: string | null;
}

export interface DeviceCloud {
  functions(): readonly CloudFunctionDefinition[];
  /** Calls `functionType(argument)` on the device; never throws for a device-side failure, answers it. */
  call(
    db: Queryable,
    device: { id: number; name: string; online: boolean | null },
    functionType: string,
    argument: string,
  ): Promise<CloudCallResult>;
}
