// Export PDF (spec 3 §9): the coverage shown with the request it came from (the latest Preview while the form has
// not changed since, else the saved plan), made in a chunk loaded on the first export.
import { useState } from 'react';
import { formatDateTime } from '@/domain/format';
import { useSession } from '@/ui/session-context';
import type { SiteEditSite } from '../site-edit-context';
import { tuple, windSiteIdOf } from './plan-draft';
import type { DeploymentPlanForm } from './use-deployment-plan-form';

export function usePlanPdfExport(site: SiteEditSite, plan: DeploymentPlanForm) {
  const { ianaTimezoneId: timeZone, timeFormat } = useSession().user.userSettings;
  const [exporting, setExporting] = useState(false);
  const exportPdf = async () => {
    const result = plan.shown;
    if (!result || !plan.draft) return;
    setExporting(true);
    try {
      const { exportDeploymentPlanPdf } = await import('./export-pdf');
      const usedRequest = plan.run && !plan.changed ? plan.run.request : plan.savedRequest;
      await exportDeploymentPlanPdf({
        organizationName: site.organizationName,
        siteName: site.name,
        siteLocation: site.location,
        result,
        lines: usedRequest.possiblePlacements.map((l) => l.map(tuple)),
        sources: plan.sources,
        windSource: plan.windLabel(windSiteIdOf(usedRequest)),
        notes: usedRequest.notes ?? '',
        modelRunAtText: formatDateTime(result.modelRunAt, timeZone, timeFormat),
      });
    } catch {
      plan.setErrors({ fields: {}, general: 'The PDF could not be made. Please try again.' });
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportPdf };
}
