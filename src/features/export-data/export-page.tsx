// Export Data (spec 3 §2; each form behind its permission, spec 3 §6): seven collapsible forms whose downloads stream
// from the server with a progress bar; errors show as an alert under the form.
import type { ComponentType } from 'react';
import { EXPORT_FORMS, type ExportFormId } from '@/domain/export';
import { hasAnyPermission } from '@/domain/permissions';
import { PageHeader } from '@/ui/page-header';
import { useSession } from '@/ui/session-context';
import {
  AlarmsExport,
  DeviceDataExport,
  EmissionsExport,
  RollingAveragesExport,
  SiteRateExport,
  UptimeExport,
  VolumesExport,
} from './export-forms';

const FORMS: Record<ExportFormId, ComponentType> = {
  alarms: AlarmsExport,
  volumes: VolumesExport,
  emissions: EmissionsExport,
  rollingAverages: RollingAveragesExport,
  deviceData: DeviceDataExport,
  deviceUptime: UptimeExport,
  siteRate: SiteRateExport,
};

export default function ExportPage() {
  const { permissions } = useSession();
  const shown = EXPORT_FORMS.filter((f) => hasAnyPermission(permissions, f.permissions));
  return (
    <>
      <PageHeader title="Export Data" />
      <div className="grid max-w-5xl gap-3 p-4">
        {shown.map((f, i) => {
          const Body = FORMS[f.id];
          return (
            <details key={f.id} className="collapse collapse-arrow border border-base-300 bg-base-100" open={i === 0}>
              <summary className="collapse-title font-semibold">{f.title}</summary>
              <div className="collapse-content">
                <Body />
              </div>
            </details>
          );
        })}
      </div>
    </>
  );
}
