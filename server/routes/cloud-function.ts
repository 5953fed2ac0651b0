// Cloud functions (spec 2 §2 'Cloud function dialogs', §7 getParticleCloudFunctions/, callDeviceCloudFunction,
// callSiteCloudFunction, deviceCloudFunctionHistory/): through the device cloud adapter, Qube devices only, every call
// recorded with its result. Gated by ParticleCloudFunctions.
import {
  callDeviceCloudFunctionEndpoint,
  callSiteCloudFunctionEndpoint,
  cloudFunctionHistoryEndpoint,
  cloudFunctionListEndpoint,
} from '@/contracts/device';
import { defineRoute } from '../http/define-route';
import { callDeviceCloudFunction, callSiteCloudFunction, cloudFunctionHistory } from '../services/cloud-function';
import { deviceCloud as cloud } from '../services/device-cloud';

const example = { body: { entityId: 1, functionType: 'reboot', argument: 'now', parameter: null } };

export const cloudFunctionRoutes = [
  defineRoute(cloudFunctionListEndpoint, {
    orgScope: false,
    summary: 'The cloud functions the device cloud offers, with their arguments and whether they need a parameter',
    handler: async () => [...cloud.functions()],
  }),
  defineRoute(callDeviceCloudFunctionEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Calls a cloud function on one Qube device; answers its success and error, and records the call',
    example,
    handler: ({ body, database, organizationId, user }) =>
      callDeviceCloudFunction(database, user!, organizationId!, body),
  }),
  defineRoute(callSiteCloudFunctionEndpoint, {
    orgScope: { from: 'body', key: 'organizationId' },
    summary: 'Calls a cloud function on every installed Qube device of a site; succeeds when every device did',
    example,
    handler: ({ body, database, organizationId, user }) =>
      callSiteCloudFunction(database, user!, organizationId!, body),
  }),
  defineRoute(cloudFunctionHistoryEndpoint, {
    orgScope: { from: 'query', key: 'organizationId' },
    summary: "A device's cloud function calls, newest first",
    handler: ({ database, organizationId, query }) => cloudFunctionHistory(database, organizationId!, query),
  }),
];
