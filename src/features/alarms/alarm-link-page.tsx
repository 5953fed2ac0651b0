// The alarm link /alarm/:encodedAlarmId (spec 1 §2, spec 2 §4 'Alarm link', §8): loads the alarm and opens its site's
// dashboard over the link window (the alarm's sliding window plus 30 or 60 minutes of padding) with the alarm panel
// open, in the alarm's organization. An unknown alarm, or one out of reach, says so (issue 25: never a silent bounce).
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { alarmLinkWindow } from '@/domain/alarm';
import { rangeToParams } from '@/domain/date-range';
import { useAlarm } from '@/entities/alarm/api';
import { LoadError } from '@/ui/data-grid/grid-parts';
import { NotFoundOrNoAccessPage } from '@/ui/not-found-or-no-access';
import { useSession } from '@/ui/session-context';
import { Spinner } from '@/ui/spinner';

export default function AlarmLinkPage() {
  const { encodedAlarmId = '' } = useParams();
  const alarm = useAlarm(encodedAlarmId);
  const navigate = useNavigate();
  const { config } = useSession();

  useEffect(() => {
    const a = alarm.data;
    if (!a) return;
    const { start, end } = rangeToParams(alarmLinkWindow(a, Date.now()));
    const q = new URLSearchParams({ organizationId: String(a.organizationId), start, end, alarmId: a.encodedId });
    void navigate(`/site/${a.siteId}?${q.toString()}`, { replace: true });
  }, [alarm.data, navigate]);

  if (alarm.error instanceof ApiError && alarm.error.status === 404)
    return <NotFoundOrNoAccessPage what={`alarm ${encodedAlarmId}`} supportEmail={config.supportEmail} />;
  if (alarm.error)
    return (
      <div className="p-4">
        <LoadError message={alarm.error.message} onRetry={() => void alarm.refetch()} />
      </div>
    );
  return <Spinner label="Opening the alarm" />;
}
