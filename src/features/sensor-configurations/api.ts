// Sensor configuration calls (spec 3 §7 'Sensor configurations').
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { areaKey, callEndpoint, endpointKey, endpointQuery } from '@/api/endpoint-client';
import { deviceDetailEndpoint, deviceSummaryEndpoint } from '@/contracts/device';
import {
  addSensorConfigurationEndpoint,
  currentSensorConfigurationsEndpoint,
  sensorConfigurationHistoryEndpoint,
  setRmxCoefficientsEndpoint,
} from '@/contracts/sensor-configuration';

export const useCurrentSensorConfigurations = (organizationId: number) =>
  useQuery(endpointQuery(currentSensorConfigurationsEndpoint, { query: { organizationId } }));

export type HistoryOf = { deviceId: number; title: string } | { sensorSerialNumber: string; title: string };

export const useSensorConfigurationHistory = (organizationId: number, of: HistoryOf) =>
  useQuery({
    ...endpointQuery(sensorConfigurationHistoryEndpoint, {
      query: {
        organizationId,
        ...('deviceId' in of ? { deviceId: of.deviceId } : { sensorSerialNumber: of.sensorSerialNumber }),
      },
    }),
    staleTime: 0,
  });

/** The sensor lists and histories, and the device dashboard's summary and detail that show a Qube's sensor. */
export function useInvalidateSensorConfigurations() {
  const qc = useQueryClient();
  return () =>
    Promise.all(
      [
        areaKey(currentSensorConfigurationsEndpoint),
        endpointKey(deviceSummaryEndpoint),
        endpointKey(deviceDetailEndpoint),
      ].map((queryKey) => qc.invalidateQueries({ queryKey })),
    );
}

export function useAddSensorConfiguration() {
  const invalidate = useInvalidateSensorConfigurations();
  return useMutation({
    mutationFn: (body: { organizationId: number; sensorSerialNumber: string; coefficients: string }) =>
      callEndpoint(addSensorConfigurationEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useSetRmxCoefficients() {
  const invalidate = useInvalidateSensorConfigurations();
  return useMutation({
    mutationFn: (body: { organizationId: number; deviceIds: number[] }) =>
      callEndpoint(setRmxCoefficientsEndpoint, { body }),
    onSuccess: invalidate,
  });
}
