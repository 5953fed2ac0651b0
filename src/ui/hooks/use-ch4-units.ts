// CH4 volumes and rates in the user's chosen units (spec 2 §2 'Unit Configuration'), for every analytics number.
import { useMemo } from 'react';
import { formatNumber } from '@/domain/format';
import { toDisplayUnit, unitById } from '@/domain/units';
import { useSession } from '../session-context';

export interface Ch4Units {
  volumeLabel: string;
  rateLabel: string;
  volume(kg: number): number;
  rate(kgPerHour: number): number;
  formatVolume(kg: number | null | undefined): string;
  formatRate(kgPerHour: number | null | undefined): string;
}

export function useCh4Units(): Ch4Units {
  const { user } = useSession();
  const { ch4VolumeDisplayUnitId, ch4RateDisplayUnitId } = user.userSettings.unitConfiguration;
  return useMemo(() => {
    const volumeLabel = unitById(ch4VolumeDisplayUnitId)?.label ?? 'kg';
    const rateLabel = unitById(ch4RateDisplayUnitId)?.label ?? 'kg/h';
    const volume = (kg: number) => toDisplayUnit(kg, ch4VolumeDisplayUnitId);
    const rate = (kgPerHour: number) => toDisplayUnit(kgPerHour, ch4RateDisplayUnitId);
    return {
      volumeLabel,
      rateLabel,
      volume,
      rate,
      formatVolume: (kg) => (kg === null || kg === undefined ? '' : formatNumber(volume(kg), { unit: volumeLabel })),
      formatRate: (r) => (r === null || r === undefined ? '' : formatNumber(rate(r), { unit: rateLabel })),
    };
  }, [ch4VolumeDisplayUnitId, ch4RateDisplayUnitId]);
}
