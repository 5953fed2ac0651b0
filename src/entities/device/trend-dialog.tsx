// The 7-day trend of one measurement of one device (spec 2 §2 Device Health, §9: the last 7 days), drawn by the
// shared time-series chart so zoom, modes and units behave as on the dashboard.
import { useMemo, useState } from 'react';
import { measurementType } from '@/domain/measurement-type';
import type { TimeRange } from '@/domain/date-range';
import { DeviceMeasurementChart } from './device-measurement-chart';
import { Modal } from '../../ui/modal';
import { useSession } from '../../ui/session-context';
import { useToast } from '../../ui/toasts';

export const TREND_DAYS = 7;

export function TrendDialog({
  device,
  typeId,
  onClose,
}: {
  device: { id: number; name: string };
  typeId: number;
  onClose: () => void;
}) {
  const { organization } = useSession();
  const toast = useToast();
  const week = useMemo<TimeRange>(() => {
    const end = Math.floor(Date.now() / 60_000) * 60_000;
    return { start: end - TREND_DAYS * 86_400_000, end };
  }, []);
  const [range, setRange] = useState<TimeRange>(week);
  const type = measurementType(typeId);
  const zoomed = range.start !== week.start || range.end !== week.end;
  return (
    <Modal open title={`${device.name}: ${type.label}, last ${TREND_DAYS} days`} onClose={onClose} wide>
      <div className="min-h-[190px]">
        <DeviceMeasurementChart
          deviceId={device.id}
          organizationId={organization!.id}
          type={type}
          range={range}
          onZoom={setRange}
          syncKey={`trend-${device.id}`}
          onMessage={(text) => toast(text, 'info')}
        />
      </div>
      <div className="modal-action">
        {zoomed && (
          <button type="button" className="btn btn-ghost" onClick={() => setRange(week)}>
            Reset zoom
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
