// The puff kernel's TypeScript twin (asm/reference/puff.ts) behind the kernel contract, for the benches that time the
// product's wasm against it. The product never runs it (server/services/modelling/puff-kernel.ts loads only the wasm).
import { accumulatePuffs } from '../asm/reference/puff';
import type { PuffKernel } from '../server/services/modelling/puff-kernel';

export const tsPuffKernel: PuffKernel = { name: 'ts', accumulate: accumulatePuffs };
