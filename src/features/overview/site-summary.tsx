// A site's figures over the overview's range, opened from the map or the sites table: status against its baseline,
// volume, rates, alarm counts and its alarms among the most recent ones.
import { useEffect, useRef } from 'react';
import type { Alarm } from '@/contracts/alarm';
import type { SiteEmissionStatusRow } from '@/contracts/emissions';
import { alarmTitle } from '@/domain/alarms';
import { NO_ACTIVE_BASELINE, type SiteEmissionStatus } from '@/domain/emissions';
import { LevelBadge } from '@/components/alarm-slide-out/alarm-slide-out';
import { Icon } from '@/components/icons';
import type { Ch4Units } from '@/components/use-ch4-units';
import { SiteDashboardLink } from '@/components/site-dashboard-link';
import type { TimeRange } from '@/domain/date-range';
import { STATUS_COLOURS } from './emissions-map';

interface Props {
  site: SiteEmissionStatusRow;
  status: SiteEmissionStatus;
  alarms: readonly Alarm[];
  units: Ch4Units;
  onAlarm: (a: Alarm) => void;
  onClose: () => void;
  /** The overview's range, which the site's dashboard opens over. */
  range?: TimeRange;
}

export function SiteSummary({ site, status, alarms, units, onAlarm, onClose, range }: Props) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), [site.siteId]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('dialog[open]')) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const facts: [string, string][] = [
    ['Volume', units.formatVolume(site.totalVolume)],
    ['Average rate', units.formatRate(site.averageRate)],
    ['Baseline', site.baselineRate === null ? NO_ACTIVE_BASELINE : units.formatRate(site.baselineRate)],
    ['Emission ratio', site.emissionRatio === null ? '–' : `${Math.round(site.emissionRatio * 100)}%`],
    ['Rate change', site.rateDelta === null ? '–' : `${site.rateDelta > 0 ? '+' : ''}${units.formatRate(site.rateDelta)}`],
    ['HI / HI-HI / Critical alarms', `${site.hiAlarmCount} / ${site.hiHiAlarmCount} / ${site.criticalAlarmCount}`],
  ];
  return (
    <aside role="dialog" aria-modal="false" aria-labelledby="site-summary-title" className="fixed inset-y-0 right-0 z-40 flex w-full max-w-sm flex-col border-l border-base-300 bg-base-100 shadow-2xl">
      <header className="flex items-start gap-2 border-b border-base-300 p-4">
        <div className="grow">
          <h2 id="site-summary-title" className="text-lg font-semibold">
            {site.siteName}
          </h2>
          <p className="flex items-center gap-1 text-sm">
            <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: `rgba(${STATUS_COLOURS[status].slice(0, 3).join(',')},1)` }} />
            {status}
          </p>
          <SiteDashboardLink siteId={site.siteId} siteName={site.siteName} range={range} className="btn btn-primary btn-sm mt-2">
            Open Site Dashboard
          </SiteDashboardLink>
        </div>
        <button ref={closeButton} type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className="grid gap-4 overflow-auto p-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-base-content/70">{k}</dt>
              <dd className="tabular-nums">{v}</dd>
            </div>
          ))}
        </dl>
        <section aria-label="Recent alarms at this site">
          <h3 className="mb-1 font-medium">Recent alarms</h3>
          {alarms.length === 0 ? (
            <p className="text-sm text-base-content/70">None among the most recent alarms.</p>
          ) : (
            <ul className="divide-y divide-base-200">
              {alarms.map((a) => (
                <li key={a.id}>
                  <button type="button" className="flex w-full items-center gap-2 py-1.5 text-left text-sm hover:bg-base-200" onClick={() => onAlarm(a)}>
                    <LevelBadge level={a.level} />
                    {alarmTitle(a)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </aside>
  );
}
