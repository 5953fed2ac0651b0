// The site dashboard's right column (spec 3 §2): the site's emission totals against its baseline, the 30-day baseline
// widget (only when the organization has active baselines), the CH4 emissions by category, source and as a list, and
// the site's events.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Alarm } from '@/contracts/alarm';
import type { SiteEmission } from '@/contracts/site-dashboard';
import type { TimeRange } from '@/domain/date-range';
import { CLASSIFICATION_LABELS } from '@/domain/emission-classification';
import { alarmTitle } from '@/domain/alarm';
import { rangeToParams } from '@/domain/date-range';
import { NO_ACTIVE_BASELINE, NO_ALARMS, NO_EMISSIONS, siteEmissionStatus, UNCATEGORIZED } from '@/domain/emission';
import { formatDateTime } from '@/domain/format';
import { emissionLinkRange } from '@/domain/site-dashboard';
import { LevelBadge } from '@/entities/alarm/alarm-slide-out';
import { Spinner } from '@/ui/spinner';
import { useHasPermission, useSession } from '@/ui/session-context';
import { InspectionDialog } from '@/entities/inspection/inspection-dialog';
import { INSPECTION_MESSAGES, inspectionTypeLabel } from '@/domain/inspection';
import { Permission } from '@/domain/permissions';
import { useCh4Units } from '@/ui/hooks/use-ch4-units';
import {
  useHasActiveBaselines,
  useSiteAlarms,
  useSiteEmissions,
  useSiteInspections,
  useSiteRollups,
  useSiteStatus,
  type SiteWindow,
} from './api';
import { FactList } from '@/ui/fact-list';
import { useOutsideClick } from '@/ui/hooks/use-outside-click';
import { ClassifyDialog } from './classify-dialog';
import { PlumeButton, PlumeMenuItem, type PlumeTarget } from './plume-button';
import { EmissionSourceCell } from './localization';

const DAY_MS = 86_400_000;
const PROGRESS_BY_STATUS: Record<string, string> = {
  'Below Baseline': 'progress-success',
  'Above Baseline': 'progress-warning',
  'Off-Spec': 'progress-error',
  'No Baseline': '',
};
const STATUS_BADGE: Record<string, string> = {
  'Below Baseline': 'badge-success',
  'Above Baseline': 'badge-warning',
  'Off-Spec': 'badge-error',
  'No Baseline': 'badge-ghost',
};

function Card({
  title,
  subtitle,
  children,
  actions,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-3" aria-label={title}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">
          {title}
          {subtitle && <span className="ml-2 font-normal text-base-content/70">{subtitle}</span>}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Tabs inside a card; the selection stays with the card. */
function CardTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: readonly T[];
  value: T;
  onChange: (t: T) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="tabs tabs-border mb-2">
      {tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={value === t}
          className={`tab text-base-content opacity-100 ${value === t ? 'tab-active font-semibold' : ''}`}
          onClick={() => onChange(t)}
        >
          {t}
        </button>
      ))}
    </div>
  );
}

function SiteTotals({ w }: { w: SiteWindow }) {
  const units = useCh4Units();
  const status = useSiteStatus(w);
  if (status.isPending) return <Spinner label="Loading site totals" />;
  const row = status.data;
  const state = siteEmissionStatus(row?.emissionRatio);
  return (
    <Card title="Site Emission Totals" actions={<span className={`badge ${STATUS_BADGE[state]}`}>{state}</span>}>
      <FactList
        numeric
        rows={[
          ['Volume', units.formatVolume(row?.totalVolume ?? 0)],
          ['Average rate', units.formatRate(row?.averageRate ?? 0)],
          ['Site baseline', row?.baselineRate == null ? NO_ACTIVE_BASELINE : units.formatRate(row.baselineRate)],
          ['Emission ratio', row?.emissionRatio == null ? '–' : `${Math.round(row.emissionRatio * 100)}%`],
          [
            'HI / HI-HI / Critical alarms',
            `${row?.hiAlarmCount ?? 0} / ${row?.hiHiAlarmCount ?? 0} / ${row?.criticalAlarmCount ?? 0}`,
          ],
        ]}
      />
    </Card>
  );
}

/** CH4 Emissions vs Baseline over the last 30 days, whatever range the page shows. */
function BaselineWidget({ organizationId, siteId, now }: { organizationId: number; siteId: number; now: number }) {
  const units = useCh4Units();
  const status = useSiteStatus({ organizationId, siteId, range: { start: now - 30 * DAY_MS, end: now } });
  const row = status.data;
  const ratio = row?.emissionRatio ?? null;
  return (
    <Card title="CH4 Emissions vs Baseline" subtitle="Last 30 Days">
      {status.isPending ? (
        <Spinner />
      ) : row?.baselineRate == null ? (
        <p className="text-sm text-base-content/70">{NO_ACTIVE_BASELINE}</p>
      ) : (
        <>
          <progress
            className={`progress w-full ${PROGRESS_BY_STATUS[siteEmissionStatus(ratio)]}`}
            value={Math.min(200, (ratio ?? 0) * 100)}
            max={200}
            aria-label="Emission ratio against the baseline"
          />
          <FactList
            numeric
            rows={[
              ['Average rate', units.formatRate(row.averageRate)],
              ['Baseline', units.formatRate(row.baselineRate)],
              ['Ratio', ratio === null ? '–' : `${Math.round(ratio * 100)}%`],
            ]}
          />
        </>
      )}
    </Card>
  );
}

/**
 * An emission row's flyout menu (spec 3 §2 'Emissions list table'): Generate Plume (with SitePlumeCreate), Classify
 * (with SiteEdit) and Zoom to Emission. Opening focuses the first item; Escape closes and returns
 * focus to the button. The list scrolls, so the menu is placed fixed beside its button rather than clipped inside.
 */
function EmissionRowMenu({
  label,
  plume,
  canClassify,
  onClassify,
  onZoom,
}: {
  label: string;
  plume: PlumeTarget | null;
  canClassify: boolean;
  onClassify: () => void;
  onZoom: () => void;
}) {
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setPlace(null), []);
  useOutsideClick(ref, place !== null, close);
  useEffect(() => {
    if (place) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [place]);
  const choose = (action: () => void) => () => {
    close();
    action();
  };
  const move = (step: number) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + step + items.length) % items.length]?.focus();
  };
  return (
    <div
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && place) {
          e.stopPropagation();
          close();
          button.current?.focus();
        }
        if (place && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
          e.preventDefault();
          move(e.key === 'ArrowDown' ? 1 : -1);
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-square btn-xs"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={place !== null}
        onClick={(e) => {
          if (place) return close();
          const r = e.currentTarget.getBoundingClientRect();
          setPlace({ top: r.bottom + 2, right: window.innerWidth - r.right });
        }}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {place && (
        <ul
          ref={menu}
          role="menu"
          aria-label={label}
          className="menu fixed z-40 w-48 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
          style={{ top: place.top, right: place.right }}
        >
          {plume && <PlumeMenuItem target={plume} onChosen={close} />}
          {canClassify && (
            <li role="none">
              <button type="button" role="menuitem" onClick={choose(onClassify)}>
                Classify
              </button>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" onClick={choose(onZoom)}>
              Zoom to Emission
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

const EMISSION_TABS = ['Category', 'Source', 'List'] as const;

function EmissionsWidget({ w, siteId, onZoom }: { w: SiteWindow; siteId: number; onZoom: (r: TimeRange) => void }) {
  const [tab, setTab] = useState<(typeof EMISSION_TABS)[number]>('Category');
  const [classifying, setClassifying] = useState<SiteEmission | null>(null);
  const canClassify = useHasPermission(Permission.SiteEdit);
  const canPlume = useHasPermission(Permission.SitePlumeCreate);
  const { user } = useSession();
  const units = useCh4Units();
  const rollups = useSiteRollups(w);
  const emissions = useSiteEmissions(w);
  const time = (v: string) => formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const bySource = new Map<string, { count: number; volume: number }>();
  for (const e of emissions.data ?? []) {
    const name = e.sourceName ?? UNCATEGORIZED;
    const row = bySource.get(name) ?? { count: 0, volume: 0 };
    bySource.set(name, { count: row.count + 1, volume: row.volume + e.totalVolume });
  }
  const loading = tab === 'Category' ? rollups.isPending : emissions.isPending;
  const link = (e: SiteEmission) =>
    `/site/${siteId}?${new URLSearchParams(rangeToParams(emissionLinkRange(e, Date.now())))}`;
  return (
    <Card title="CH4 Emissions">
      <CardTabs label="CH4 emissions by" tabs={EMISSION_TABS} value={tab} onChange={setTab} />
      {loading ? (
        <Spinner />
      ) : tab === 'Category' ? (
        (rollups.data ?? []).length === 0 ? (
          <p className="text-sm text-base-content/70">{NO_EMISSIONS}</p>
        ) : (
          <table className="table table-sm" aria-label="Emissions by source category">
            <thead className="text-base-content">
              <tr>
                <th scope="col">Category</th>
                <th scope="col" className="text-right">
                  Count
                </th>
                <th scope="col" className="text-right">{`Volume (${units.volumeLabel})`}</th>
              </tr>
            </thead>
            <tbody>
              {[...(rollups.data ?? [])]
                .sort((a, b) => b.totalVolume - a.totalVolume)
                .map((r) => (
                  <tr key={r.sourceCategoryName}>
                    <td>{r.sourceCategoryName}</td>
                    <td className="text-right tabular-nums">{r.totalCount}</td>
                    <td className="text-right tabular-nums">{units.volume(r.totalVolume).toFixed(1)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        )
      ) : (emissions.data ?? []).length === 0 ? (
        <p className="text-sm text-base-content/70">{NO_EMISSIONS}</p>
      ) : tab === 'Source' ? (
        <table className="table table-sm" aria-label="Emissions by source">
          <thead className="text-base-content">
            <tr>
              <th scope="col">Source</th>
              <th scope="col" className="text-right">
                Emissions
              </th>
              <th scope="col" className="text-right">{`Volume (${units.volumeLabel})`}</th>
            </tr>
          </thead>
          <tbody>
            {[...bySource]
              .sort((a, b) => b[1].volume - a[1].volume)
              .map(([name, r]) => (
                <tr key={name}>
                  <td>{name}</td>
                  <td className="text-right tabular-nums">{r.count}</td>
                  <td className="text-right tabular-nums">{units.volume(r.volume).toFixed(1)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      ) : (
        <div className="max-h-80 overflow-auto" tabIndex={0} role="region" aria-label="Emission list">
          {/*
            Fits the 380 px side column with the Plume column shown, whatever the data: tight cells; dates, names,
            volumes and the classification (a line of small text under the date, not a badge) wrap; icon buttons.
          */}
          <table className="table table-sm w-full [&_td]:px-0.5 [&_th]:px-0.5" aria-label="Emissions">
            <thead className="text-xs text-base-content">
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Source</th>
                <th scope="col">Category</th>
                <th scope="col" className="text-right">
                  Volume
                </th>
                {canPlume && <th scope="col">Plume</th>}
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...(emissions.data ?? [])].reverse().map((e) => (
                <tr key={e.id}>
                  <td className="min-w-[5rem]">
                    <Link className="link" to={link(e)}>
                      {time(e.startTime)}
                    </Link>
                    {e.endTime === null && <span className="badge badge-ghost badge-sm ml-1">Processing</span>}
                    {e.classification !== null && (
                      <span className="mt-0.5 block text-xs font-medium text-info">
                        {CLASSIFICATION_LABELS[e.classification]}
                      </span>
                    )}
                  </td>
                  <td className="break-words">
                    <EmissionSourceCell organizationId={w.organizationId} emission={e} />
                  </td>
                  <td className="break-words">{e.sourceCategoryName}</td>
                  <td className="text-right tabular-nums">{`${units.volume(e.totalVolume).toFixed(1)} ${units.volumeLabel}`}</td>
                  {canPlume && (
                    <td>
                      <PlumeButton organizationId={w.organizationId} emission={e} />
                    </td>
                  )}
                  <td>
                    <EmissionRowMenu
                      label={`Emission actions, ${time(e.startTime)}${e.sourceName ? `, ${e.sourceName}` : ''}`}
                      plume={canPlume ? { organizationId: w.organizationId, emission: e } : null}
                      canClassify={canClassify}
                      onClassify={() => setClassifying(e)}
                      onZoom={() => onZoom(emissionLinkRange(e, Date.now()))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {classifying && (
        <ClassifyDialog
          organizationId={w.organizationId}
          emission={classifying}
          title={`${time(classifying.startTime)} · ${classifying.sourceName ?? 'Unknown source'} · ${units.formatVolume(classifying.totalVolume)}`}
          onClose={() => setClassifying(null)}
        />
      )}
    </Card>
  );
}

const EVENT_TABS = ['Alarms', 'Inspections'] as const;

function SiteEvents({ w, onAlarm }: { w: SiteWindow; onAlarm: (a: Alarm) => void }) {
  const { user } = useSession();
  const units = useCh4Units();
  const canEdit = useHasPermission(Permission.SiteEdit);
  const [tab, setTab] = useState<(typeof EVENT_TABS)[number]>('Alarms');
  const [inspection, setInspection] = useState<number | null>(null);
  const alarms = useSiteAlarms(w);
  const inspections = useSiteInspections(w);
  const time = (v: string) => formatDateTime(v, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat);
  const shown = tab === 'Alarms' ? alarms : inspections;
  return (
    <Card title="Site Events">
      <CardTabs label="Site events" tabs={EVENT_TABS} value={tab} onChange={setTab} />
      {shown.isPending ? (
        <Spinner />
      ) : tab === 'Alarms' ? (
        (alarms.data ?? []).length === 0 ? (
          <p className="text-sm text-base-content/70">{NO_ALARMS}</p>
        ) : (
          <ul className="max-h-80 divide-y divide-base-200 overflow-auto" aria-label="Site alarms">
            {(alarms.data ?? []).map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 px-1 py-2 text-left hover:bg-base-200"
                  onClick={() => onAlarm(a)}
                >
                  <LevelBadge level={a.level} />
                  <span className="grow text-sm">
                    <span className="block font-medium">{alarmTitle(a)}</span>
                    <span className="block text-xs text-base-content/80">{time(a.startTime)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (inspections.data ?? []).length === 0 ? (
        <p className="text-sm text-base-content/70">{INSPECTION_MESSAGES.noInspections}</p>
      ) : (
        <ul className="max-h-80 divide-y divide-base-200 overflow-auto" aria-label="Site inspections">
          {[...(inspections.data ?? [])].reverse().map((i) => (
            <li key={i.id}>
              <button
                type="button"
                className="flex w-full items-center gap-2 px-1 py-2 text-left hover:bg-base-200"
                onClick={() => setInspection(i.id)}
              >
                <span className={`badge badge-sm ${i.detectionFound ? 'badge-warning' : 'badge-ghost'}`}>
                  {i.detectionFound ? 'Detection' : 'No detection'}
                </span>
                <span className="grow text-sm">
                  <span className="block font-medium">{`${inspectionTypeLabel(i.type)}${i.sourceName ? ` · ${i.sourceName}` : ''}`}</span>
                  <span className="block text-xs text-base-content/80">{`${time(i.time)}${i.emissionRate !== null ? ` · ${units.formatRate(i.emissionRate)}` : ''}`}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {inspection !== null && (
        <InspectionDialog
          organizationId={w.organizationId}
          inspectionId={inspection}
          canEdit={canEdit}
          onClose={() => setInspection(null)}
        />
      )}
    </Card>
  );
}

export function SideColumn({
  w,
  now,
  onAlarm,
  onZoom,
}: {
  w: SiteWindow;
  now: number;
  onAlarm: (a: Alarm) => void;
  onZoom: (r: TimeRange) => void;
}) {
  const baselines = useHasActiveBaselines(w.organizationId);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] content-start gap-3">
      <SiteTotals w={w} />
      {baselines.data === true && <BaselineWidget organizationId={w.organizationId} siteId={w.siteId} now={now} />}
      <EmissionsWidget w={w} siteId={w.siteId} onZoom={onZoom} />
      <SiteEvents w={w} onAlarm={onAlarm} />
    </div>
  );
}
