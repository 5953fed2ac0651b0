// Device Events (spec 2 §2): the organization's device events over a date range (default the last 24 hours).
import { DateRangePicker, useUrlTimeRange } from '@/ui/date-range-picker';
import { DeviceEventsGrid } from '@/entities/device/device-events-grid';
import { SiteDashboardLink } from '@/entities/site/site-links';
import { PageHeader } from '@/ui/page-header';
import { DEVICE_EVENTS_DEFAULT_HOURS } from '@/domain/device-event-grid';

export default function DeviceEventsPage() {
  const { range, debounced, setRange } = useUrlTimeRange(DEVICE_EVENTS_DEFAULT_HOURS / 24);
  return (
    <>
      <PageHeader title="Device Events">
        <DateRangePicker range={range} onChange={setRange} />
      </PageHeader>
      <div className="grid grid-cols-[minmax(0,1fr)] p-4">
        <DeviceEventsGrid range={debounced} height="calc(100vh - 16rem)" siteLink={eventSiteLink} />
      </div>
    </>
  );
}

function eventSiteLink({ siteId, siteName }: { siteId: number; siteName: string }) {
  return (
    <SiteDashboardLink siteId={siteId} siteName={siteName}>
      Site
    </SiteDashboardLink>
  );
}
