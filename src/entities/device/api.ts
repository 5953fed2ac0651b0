// Device calls shared by every screen that adds, edits, installs or quarantines devices (Device Health, Devices,
// the Device Dashboard).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { auditEndpoints } from '@/contracts/audit';
import {
  changeQuarantineEndpoint,
  deviceEditEndpoint,
  deviceInstallationsEndpoint,
  deviceListEndpoint,
  endInstallationEndpoint,
  hardwareItemOptionsEndpoint,
  saveDeviceEndpoint,
  startInstallationEndpoint,
  willQuarantineStopPipelineEndpoint,
} from '@/contracts/device';
import { deviceSearchListEndpoint } from '@/contracts/search';
import { siteListEndpoint } from '@/contracts/site';
import { siteHealthEndpoint } from '@/contracts/site-health';
import type { DeviceForm, QuarantineChange, StartInstallation } from '@/domain/device-form';

/**
 * Everything a device change can alter: every device answer (health, list, summary, installations, map markers),
 * the sites' device lists, the audit history, Site Health and the device search.
 */
export function useInvalidateDevices() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [
        areaKey(deviceListEndpoint),
        areaKey(siteListEndpoint),
        areaKey(auditEndpoints.device),
        endpointKey(siteHealthEndpoint),
        endpointKey(deviceSearchListEndpoint),
      ].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
}

export const useHardwareOptions = () => useQuery({ ...endpointQuery(hardwareItemOptionsEndpoint), staleTime: 60_000 });

export const useDeviceEdit = (deviceId: number | null, organizationId: number) =>
  useQuery({
    ...endpointQuery(deviceEditEndpoint, { query: { deviceId: deviceId!, organizationId } }),
    enabled: deviceId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveDevice() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (form: DeviceForm) => callEndpoint(saveDeviceEndpoint, { body: form }),
    onSuccess: invalidate,
  });
}

export const useInstallations = (deviceId: number, organizationId: number) =>
  useQuery(endpointQuery(deviceInstallationsEndpoint, { query: { deviceId, organizationId } }));

export function useStartInstallation() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: StartInstallation & { organizationId: number }) =>
      callEndpoint(startInstallationEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useEndInstallation() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: { deviceId: number; organizationId: number }) => callEndpoint(endInstallationEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export const useWillQuarantineStopPipeline = (deviceId: number, organizationId: number) =>
  useQuery({
    ...endpointQuery(willQuarantineStopPipelineEndpoint, { query: { deviceId, organizationId } }),
    staleTime: 0,
    gcTime: 0,
  });

export function useChangeQuarantine() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: QuarantineChange & { organizationId: number }) =>
      callEndpoint(changeQuarantineEndpoint, { body }),
    onSuccess: invalidate,
  });
}
