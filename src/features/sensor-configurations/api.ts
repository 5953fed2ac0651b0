// Sensor configuration calls (spec 3 §7 'Sensor configurations').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import {
  rmxResultSchema,
  sensorConfigurationHistoryRowSchema,
  sensorConfigurationRowSchema,
} from '@/contracts/sensor-configuration';

export const useCurrentSensorConfigurations = (organizationId: number) =>
  useQuery({
    queryKey: ['sensorConfigurations', organizationId],
    queryFn: () =>
      apiRequest('/api/sensorConfiguration/currentSensorConfigurations/', z.array(sensorConfigurationRowSchema), {
        query: { organizationId },
      }),
  });

export type HistoryOf = { deviceId: number; title: string } | { sensorSerialNumber: string; title: string };

export const useSensorConfigurationHistory = (organizationId: number, of: HistoryOf) =>
  useQuery({
    queryKey: [
      'sensorConfigurationHistory',
      organizationId,
      'deviceId' in of ? `d${of.deviceId}` : `s${of.sensorSerialNumber}`,
    ],
    queryFn: () =>
      apiRequest('/api/sensorConfiguration/sensorConfigurationHistory/', z.array(sensorConfigurationHistoryRowSchema), {
        query: {
          organizationId,
          ...('deviceId' in of ? { deviceId: of.deviceId } : { sensorSerialNumber: of.sensorSerialNumber }),
        },
      }),
    staleTime: 0,
  });

export function useInvalidateSensorConfigurations() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      ['sensorConfigurations', 'sensorConfigurationHistory', 'deviceSummary', 'deviceDetail'].map((key) =>
        qc.invalidateQueries({ queryKey: [key] }),
      ),
    );
}

export function useAddSensorConfiguration() {
  const invalidate = useInvalidateSensorConfigurations();
  return useMutation({
    mutationFn: (body: { organizationId: number; sensorSerialNumber: string; coefficients: string }) =>
      apiRequest(
        '/api/sensorConfiguration/AddSensorConfiguration/',
        z.object({ versionId: z.number().int(), added: z.boolean() }),
        { method: 'POST', body },
      ),
    onSuccess: invalidate,
  });
}

export function useSetRmxCoefficients() {
  const invalidate = useInvalidateSensorConfigurations();
  return useMutation({
    mutationFn: (body: { organizationId: number; deviceIds: number[] }) =>
      apiRequest('/api/sensorConfiguration/setRmxCoefficients/', z.array(rmxResultSchema), { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
