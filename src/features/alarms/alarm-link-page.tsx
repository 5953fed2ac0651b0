// The alarm link /alarm/:encodedAlarmId (spec 2 §1, §4 'Alarm link', §8): loads the alarm and opens where it can be
// seen, over the link window (the alarm's sliding window plus 30 or 60 minutes of padding). Until the site
// dashboard exists that is the device's dashboard for a device alarm (with DeviceAdministration), otherwise the
// alarm list with the alarm open. A link that fails to load goes to /.
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { alarmLinkWindow } from '@/domain/alarms';
import { rangeToParams } from '@/domain/date-range';
import { effectivePermissions, Permission } from '@/domain/permissions';
import { useAlarm } from '@/components/alarm-slide-out/api';
import { useSession } from '@/components/session-context';
import { Spinner } from '@/components/spinner';

export default function AlarmLinkPage() {
  const { encodedAlarmId = '' } = useParams();
  const alarm = useAlarm(encodedAlarmId);
  const navigate = useNavigate();
  const { user } = useSession();

  useEffect(() => {
    const a = alarm.data;
    if (!a) return;
    const org = user.userOrganizations.find((o) => o.id === a.organizationId);
    const role = org ? user.roles.find((r) => r.id === org.roleId) : undefined;
    const global = user.userDetails.isQubeUser ? user.roles.find((r) => r.id === user.userDetails.roleId) : undefined;
    const canOpenDevice = effectivePermissions(global?.permissions, role?.permissions).has(Permission.DeviceAdministration);
    const { start, end } = rangeToParams(alarmLinkWindow(a, Date.now()));
    const q = new URLSearchParams({ organizationId: String(a.organizationId) });
    if (a.device && canOpenDevice) {
      q.set('start', start);
      q.set('end', end);
      void navigate(`/device/${encodeURIComponent(a.device)}?${q.toString()}`, { replace: true });
    } else {
      q.set('alarmId', a.encodedId);
      void navigate(`/alarms?${q.toString()}`, { replace: true });
    }
  }, [alarm.data, navigate, user]);

  if (alarm.error) return <Navigate to="/" replace />;
  return <Spinner label="Opening the alarm" />;
}
