// The overview's event log (spec 3 §2): the most recent 100 alarms of the sites in the filter over the range; a row
// opens the alarm flyout.
import type { Alarm } from '@/contracts/alarm';
import { alarmTitle } from '@/domain/alarms';
import { EVENT_LOG_TOP, NO_ALARMS } from '@/domain/emissions';
import { formatDateTime } from '@/domain/format';
import { LevelBadge } from '@/components/alarm-slide-out/alarm-slide-out';
import { Icon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { Card } from './overview-widgets';

export function EventLog({ alarms, loading, timeZone, timeFormat, onOpen }: { alarms: readonly Alarm[] | undefined; loading: boolean; timeZone: string; timeFormat: '12-hr' | '24-hr'; onOpen: (a: Alarm) => void }) {
  return (
    <Card title="Event Log" actions={<span className="badge badge-ghost">{`Alarms · Most Recent ${EVENT_LOG_TOP}`}</span>}>
      {loading && !alarms ? (
        <Spinner />
      ) : !alarms || alarms.length === 0 ? (
        <p className="text-sm text-base-content/70">{NO_ALARMS}</p>
      ) : (
        <ul className="max-h-96 divide-y divide-base-200 overflow-auto" aria-label="Alarms">
          {alarms.map((a) => (
            <li key={a.id}>
              <button type="button" className="flex w-full items-center gap-2 px-1 py-2 text-left hover:bg-base-200" onClick={() => onOpen(a)}>
                <LevelBadge level={a.level} />
                <span className="grow">
                  <span className="block text-sm font-medium">{a.siteName}</span>
                  <span className="block text-xs text-base-content/80">{`${alarmTitle(a)} · ${formatDateTime(a.startTime, timeZone, timeFormat)}`}</span>
                </span>
                {a.alarmComments.length > 0 && <span className="badge badge-sm" aria-label={`${a.alarmComments.length} comments`}>{a.alarmComments.length}</span>}
                {a.workflowResolvedAt && (
                  <span className="text-success" title="Resolved">
                    <Icon name="check" />
                    <span className="sr-only">Resolved</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
