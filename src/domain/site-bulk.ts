// Bulk site upload (spec 1 §2 'Upload Sites', §4, §5): the CSV columns the Template writes and the upload reads.
// A row with an Id updates that site of the organization; a row without one creates a site.
import type { CsvColumn } from './csv-column';

export type SiteBulkKey =
  | 'id'
  | 'name'
  | 'alias'
  | 'latitude'
  | 'longitude'
  | 'groups'
  | 'businessUnit'
  | 'assetArea'
  | 'country'
  | 'stateProvince'
  | 'regulation'
  | 'regulatorySiteType'
  | 'genericSiteType'
  | 'basin'
  | 'industrySegment'
  | 'fluidType'
  | 'notificationRequired'
  | 'specialTicketsRequired'
  | 'workPermitRequired'
  | 'accessNotes';

export const SITE_BULK_COLUMNS: readonly CsvColumn<SiteBulkKey>[] = [
  { key: 'id', header: 'Id' },
  { key: 'name', header: 'Name', required: true },
  { key: 'alias', header: 'Alias' },
  { key: 'latitude', header: 'Latitude', required: true },
  { key: 'longitude', header: 'Longitude', required: true },
  { key: 'groups', header: 'Groups' },
  { key: 'businessUnit', header: 'Business Unit' },
  { key: 'assetArea', header: 'Asset/Area', aliases: ['Asset Area'] },
  { key: 'country', header: 'Country' },
  { key: 'stateProvince', header: 'State/Province', aliases: ['State', 'Province'] },
  { key: 'regulation', header: 'Regulation' },
  { key: 'regulatorySiteType', header: 'Regulatory Site Type' },
  { key: 'genericSiteType', header: 'Generic Site Type' },
  { key: 'basin', header: 'Basin' },
  { key: 'industrySegment', header: 'Industry Segment' },
  { key: 'fluidType', header: 'Fluid Type' },
  { key: 'notificationRequired', header: 'Notification Required' },
  { key: 'specialTicketsRequired', header: 'Special Tickets Required' },
  { key: 'workPermitRequired', header: 'Work Permit Required' },
  { key: 'accessNotes', header: 'Access Notes' },
];

/** Groups are written joined by ', ' (a group name cannot contain a comma). */
export const splitGroups = (cell: string): string[] =>
  cell
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);

/** Yes/No cells: Yes, Y, True, 1 are yes; blank, No, N, False, 0 are no; anything else is an error (null). */
export function readYesNo(cell: string): boolean | null {
  const v = cell.trim().toLowerCase();
  if (v === '' || v === 'no' || v === 'n' || v === 'false' || v === '0') return false;
  if (v === 'yes' || v === 'y' || v === 'true' || v === '1') return true;
  return null;
}

export const newSitesWarning = (n: number) => `${n} new site${n === 1 ? '' : 's'} will be created by this upload.`;
export const bulkRowsChanged = (n: number) => `${n} row(s) successfully changed`;
