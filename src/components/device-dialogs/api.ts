// Device calls shared by every screen that adds, edits, installs or quarantines devices (Device Health, Devices,
// the Device Dashboard).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import {
  deviceEditResultSchema,
  deviceEditSchema,
  hardwareItemOptionsSchema,
  installationSchema,
} from '@/contracts/device';
import type { DeviceForm, QuarantineChange, StartInstallation } from '@/domain/device-form';

/** Everything a device change can alter. */
export function useInvalidateDevices() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [
        'deviceHealth',
        'devices',
        'deviceSummary',
        'deviceInstallations',
        'deviceHardwareOptions',
        'siteHealth',
        'sites',
        'audit',
        'searchDevices',
        'deviceHealthSites',
      ].map((key) => qc.invalidateQueries({ queryKey: [key] })),
    );
}

export const useHardwareOptions = () =>
  useQuery({
    queryKey: ['deviceHardwareOptions'],
    queryFn: () => apiRequest('/api/device/deviceHardwareItemOptions/', hardwareItemOptionsSchema),
    staleTime: 60_000,
  });

export const useDeviceEdit = (deviceId: number | null, organizationId: number) =>
  useQuery({
    queryKey: ['deviceEdit', deviceId, organizationId],
    queryFn: () =>
      apiRequest('/api/device/deviceEdit/', deviceEditSchema, { query: { deviceId: deviceId!, organizationId } }),
    enabled: deviceId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export function useSaveDevice() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (form: DeviceForm) =>
      apiRequest('/api/device/deviceEdit/', deviceEditResultSchema, { method: 'POST', body: form }),
    onSuccess: invalidate,
  });
}

export const useInstallations = (deviceId: number, organizationId: number) =>
  useQuery({
    queryKey: ['deviceInstallations', deviceId, organizationId],
    queryFn: () =>
      apiRequest('/api/device/deviceInstallations/', z.array(installationSchema), {
        query: { deviceId, organizationId },
      }),
  });

export function useStartInstallation() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: StartInstallation & { organizationId: number }) =>
      apiRequest('/api/device/deviceInstall/', z.number(), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useEndInstallation() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: { deviceId: number; organizationId: number }) =>
      apiRequest('/api/device/endDeviceInstallation/', z.object({ ok: z.literal(true) }), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export const useWillQuarantineStopPipeline = (deviceId: number, organizationId: number) =>
  useQuery({
    queryKey: ['willQuarantineStop', deviceId, organizationId],
    queryFn: () =>
      apiRequest('/api/device/willQuarantineStopModellingPipeline/', z.boolean(), {
        query: { deviceId, organizationId },
      }),
    staleTime: 0,
    gcTime: 0,
  });

export function useChangeQuarantine() {
  const invalidate = useInvalidateDevices();
  return useMutation({
    mutationFn: (body: QuarantineChange & { organizationId: number }) =>
      apiRequest('/api/device/changeDeviceQuarantineType/', z.object({ modellingPipelineStopped: z.boolean() }), {
        method: 'POST',
        body,
      }),
    onSuccess: invalidate,
  });
}
