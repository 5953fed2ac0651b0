// The site map's marks' view: a pinned inspection's popup and the inspection opened from an image or the popup (over
// the map), and the source icons' key and the focused date (under it).
import { Permission } from '@/domain/permissions';
import { InspectionDialog } from '@/entities/inspection/inspection-dialog';
import { useHasPermission } from '@/ui/session-context';
import { FocusedDate } from './focused-date';
import { InspectionPopup } from './inspection-marks';
import type { SiteMapMarks } from './site-map-marks';
import { SourceCategoryLegend } from './source-legend';

/** Over the map: a pinned inspection's popup, and the inspection opened from an image or the popup. */
export function SiteMapMarksOverlay({ marks }: { marks: SiteMapMarks }) {
  const canEdit = useHasPermission(Permission.SiteEdit);
  return (
    <>
      {marks.popup && (
        <InspectionPopup
          at={marks.popup}
          organizationId={marks.w.organizationId}
          onDetails={(id) => (marks.setPopup(null), marks.setOpened(id))}
          onClose={() => marks.setPopup(null)}
        />
      )}
      {marks.opened !== null && (
        <InspectionDialog
          organizationId={marks.w.organizationId}
          inspectionId={marks.opened}
          canEdit={canEdit}
          onClose={() => marks.setOpened(null)}
        />
      )}
    </>
  );
}

/** Under the map: the source icons' key and the focused date. */
export function SiteMapMarksKey({ marks }: { marks: SiteMapMarks }) {
  return (
    <>
      <SourceCategoryLegend sources={marks.sources} />
      <FocusedDate
        focusTime={marks.focus.time}
        range={marks.w.range}
        trails={marks.trails}
        onPick={marks.focus.pick}
        onClear={marks.focus.clear}
      />
    </>
  );
}
