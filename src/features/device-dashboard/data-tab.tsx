// The Device Dashboard's Data tab (spec 2 §2): a chart per chosen measurement type over the page's time range (URL
// start/end), Show/Hide Widgets with groups, defaults CH4 and wind, selection remembered locally.
import { useCallback, useMemo, useState } from 'react';
import type { DeviceSummary } from '@/contracts/device';
import { DEFAULT_DASHBOARD_DAYS } from '@/domain/date-range';
import { readWidgetSelection, WIDGET_GROUPS, WIDGET_UNAVAILABLE, WIDGETS_STORAGE_KEY } from '@/domain/device-widgets';
import { measurementType } from '@/domain/measurement-type';
import { DateRangePicker, useUrlTimeRange } from '@/ui/date-range-picker';
import { DeviceMeasurementChart } from '@/entities/device/device-measurement-chart';
import { DeviceWindChart } from '@/entities/device/device-wind-chart';
import { isWindType } from '@/domain/measurement-type';
import { Popover } from '@/ui/popover';
import { useSession } from '@/ui/session-context';
import { useToast } from '@/ui/toasts';

export function DataTab({ device }: { device: DeviceSummary }) {
  const { organization } = useSession();
  const toast = useToast();
  const { range, debounced, setRange } = useUrlTimeRange(DEFAULT_DASHBOARD_DAYS);
  const available = useMemo(() => new Set(device.measurementTypes.map((m) => m.id)), [device]);
  const [selected, setSelected] = useState<number[]>(() =>
    readWidgetSelection(window.localStorage.getItem(WIDGETS_STORAGE_KEY)),
  );
  const [folded, setFolded] = useState<ReadonlySet<string>>(
    new Set(WIDGET_GROUPS.filter((g) => g.collapsible).map((g) => g.name)),
  );
  const choose = (ids: number[]) => {
    setSelected(ids);
    window.localStorage.setItem(WIDGETS_STORAGE_KEY, JSON.stringify(ids));
  };
  const shown = WIDGET_GROUPS.flatMap((g) => g.typeIds).filter((id) => selected.includes(id) && available.has(id));
  const onMessage = useCallback((text: string) => toast(text, 'info'), [toast]);
  return (
    <div className="grid gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DateRangePicker range={range} onChange={setRange} />
        <Popover
          label="Show/Hide Widgets"
          buttonClassName="btn btn-sm btn-outline"
          haspopup="true"
          panelClassName="absolute right-0 top-full z-40 mt-1 max-h-[70vh] w-72 overflow-auto rounded-box border border-base-300 bg-base-100 p-2 shadow-lg"
        >
          {() =>
            WIDGET_GROUPS.map((g) => (
              <fieldset key={g.name} className="mb-1">
                <legend className="flex w-full items-center justify-between px-1 text-xs font-semibold uppercase text-base-content/70">
                  {g.name}
                  {g.collapsible && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs"
                      aria-expanded={!folded.has(g.name)}
                      onClick={() =>
                        setFolded((f) =>
                          f.has(g.name) ? new Set([...f].filter((x) => x !== g.name)) : new Set([...f, g.name]),
                        )
                      }
                    >
                      {folded.has(g.name) ? 'Show' : 'Hide'}
                    </button>
                  )}
                </legend>
                {!folded.has(g.name) &&
                  g.typeIds.map((id) => {
                    const has = available.has(id);
                    return (
                      <label
                        key={id}
                        className={`flex items-center gap-2 rounded px-2 py-0.5 text-sm ${has ? 'cursor-pointer hover:bg-base-200' : 'text-base-content/50'}`}
                        title={has ? undefined : WIDGET_UNAVAILABLE}
                      >
                        <input
                          type="checkbox"
                          className="checkbox checkbox-xs"
                          disabled={!has}
                          aria-describedby={has ? undefined : 'widget-unavailable'}
                          checked={has && selected.includes(id)}
                          onChange={(e) =>
                            choose(e.target.checked ? [...selected, id] : selected.filter((x) => x !== id))
                          }
                        />
                        {measurementType(id).label}
                      </label>
                    );
                  })}
              </fieldset>
            ))
          }
        </Popover>
        <span id="widget-unavailable" className="sr-only">
          {WIDGET_UNAVAILABLE}
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="text-base-content/70">
          {device.measurementTypes.length === 0
            ? 'This device has not reported any data yet.'
            : 'Choose the charts to show with Show/Hide Widgets.'}
        </p>
      ) : (
        shown.map((id) =>
          isWindType(id) ? (
            <DeviceWindChart
              key={id}
              deviceId={device.id}
              organizationId={organization!.id}
              typeId={id}
              installations={device.installations}
              range={debounced}
              onZoom={setRange}
              syncKey={`device-${device.id}`}
              onMessage={onMessage}
            />
          ) : (
            <DeviceMeasurementChart
              key={id}
              deviceId={device.id}
              organizationId={organization!.id}
              type={measurementType(id)}
              range={debounced}
              onZoom={setRange}
              syncKey={`device-${device.id}`}
              onMessage={onMessage}
            />
          ),
        )
      )}
    </div>
  );
}
