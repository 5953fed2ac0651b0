// 'Upload Sites' (spec 1 §2, §4, §5): the file rule, a read in the CSV worker (row problems at once, with progress),
// the verification call and its 'new sites' warning, then the upload with a progress bar. Template writes the
// filtered sites in the upload's own columns, so editing the template and uploading it updates those sites.
import type { SiteListRow } from '@/contracts/site';
import { toCsv } from '@/domain/csv';
import { bulkRowsChanged, newSitesWarning, SITE_BULK_COLUMNS, type SiteBulkKey } from '@/domain/site-bulk';
import { CsvUploadFields, TemplateBar, UploadActions, useCsvUpload } from '@/ui/form/csv-upload';
import { downloadText } from '@/ui/download';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toasts';
import { useBulkUpsertSites, verifyBulkSites } from './api/sites';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

function templateValue(s: SiteListRow, key: SiteBulkKey): string | number {
  switch (key) {
    case 'id':
      return s.id;
    case 'latitude':
      return s.location.lat;
    case 'longitude':
      return s.location.lng;
    case 'groups':
      return s.siteGroupNames.join(', ');
    case 'notificationRequired':
    case 'specialTicketsRequired':
    case 'workPermitRequired':
      return yesNo(s[key]);
    default:
      return s[key] ?? '';
  }
}

export function siteTemplateCsv(sites: readonly SiteListRow[]): string {
  return toCsv(
    SITE_BULK_COLUMNS.map((c) => c.header),
    sites.map((s) => SITE_BULK_COLUMNS.map((c) => templateValue(s, c.key))),
  );
}

const HELP =
  'Columns: Id, Name, Alias, Latitude, Longitude, Groups, Business Unit, Asset/Area, Country, State/Province, Regulation, Regulatory Site Type, Generic Site Type, Basin, Industry Segment, Fluid Type, Notification Required, Special Tickets Required, Work Permit Required, Access Notes. ' +
  'A row with an Id updates that site; a row without one adds a site. Name, Latitude and Longitude are required; lists use the names the site form offers; groups are separated by commas; Yes/No columns take Yes or No.';

export function BulkUploadDialog({
  organizationId,
  templateSites,
  onClose,
}: {
  organizationId: number;
  templateSites: () => readonly SiteListRow[];
  onClose: () => void;
}) {
  const upsert = useBulkUpsertSites();
  const toast = useToast();
  // The server checks the rows first and says how many sites the file would add.
  const upload = useCsvUpload(SITE_BULK_COLUMNS, (file, signal) => verifyBulkSites(organizationId, file, signal));
  const { stage } = upload;

  async function send() {
    const answer = await upload.send((file, onProgress) => upsert.mutateAsync({ organizationId, file, onProgress }));
    if (!answer) return;
    toast(bulkRowsChanged(answer.rowsChanged ?? 0), 'success');
    onClose();
  }

  const newSites = stage.kind === 'ready' ? (stage.verified?.newSites ?? 0) : 0;
  return (
    <Modal open title="Upload Sites" onClose={onClose} wide>
      <div className="grid gap-3">
        <TemplateBar
          help={HELP}
          note="The template holds the sites the table shows now."
          onTemplate={() => downloadText('Sites Template.csv', siteTemplateCsv(templateSites()))}
        />
        <CsvUploadFields upload={upload} />
        {newSites > 0 && (
          <p className="alert alert-warning py-2" role="alert">
            {newSitesWarning(newSites)}
          </p>
        )}
        <UploadActions stage={stage} onCancel={onClose} onUpload={() => void send()} />
      </div>
    </Modal>
  );
}
