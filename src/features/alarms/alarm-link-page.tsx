// The alarm link /alarm/:encodedAlarmId (spec 1 §2, spec 2 §4 'Alarm link', §8): loads the alarm and opens its site's
// dashboard over the link window (the alarm's sliding window plus 30 or 60 minutes of padding) with the alarm panel
// open. A link that fails to load goes to /.
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { alarmLinkWindow } from '@/domain/alarms';
import { rangeToParams } from '@/domain/date-range';
import { useAlarm } from '@/components/alarm-slide-out/api';
import { Spinner } from '@/components/spinner';

export default function AlarmLinkPage() {
  const { encodedAlarmId = '' } = useParams();
  const alarm = useAlarm(encodedAlarmId);
  const navigate = useNavigate();

  useEffect(() => {
    const a = alarm.data;
    if (!a) return;
    const { start, end } = rangeToParams(alarmLinkWindow(a, Date.now()));
    const q = new URLSearchParams({ organizationId: String(a.organizationId), start, end, alarmId: a.encodedId });
    void navigate(`/site/${a.siteId}?${q.toString()}`, { replace: true });
  }, [alarm.data, navigate]);

  if (alarm.error) return <Navigate to="/" replace />;
  return <Spinner label="Opening the alarm" />;
}
