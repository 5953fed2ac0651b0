// The Push API grid's columns (spec 3 §2 'Push API tab'): name, data type, enabled, site groups (hidden at first),
// the last 24 hours' successes and failures (failures in red), and the request URL.
import type { Integration } from '@/contracts/integration';
import { enabledLabel, IntegrationDataType } from '@/domain/integration';
import type { GridColumn } from '@/ui/data-grid/types';

export const INTEGRATION_COLUMNS: readonly GridColumn<Integration>[] = [
  { id: 'name', header: 'Name', value: (r) => r.name, hideable: false, width: 170 },
  {
    id: 'dataType',
    header: 'Data Type',
    value: (r) => IntegrationDataType.label(r.dataType),
    filterOptions: IntegrationDataType.options.map((o) => o.label),
    width: 120,
  },
  {
    id: 'enabled',
    header: 'Enabled',
    value: (r) => enabledLabel(r.enabled),
    filterOptions: ['Yes', 'No'],
    width: 80,
  },
  {
    id: 'siteGroups',
    header: 'Site Groups',
    value: (r) => (r.siteGroupNames.length ? r.siteGroupNames.join(', ') : 'All sites'),
    hiddenByDefault: true,
  },
  {
    id: 'lastTwentyFourHourSuccessCount',
    header: 'Successes (24 h)',
    kind: 'number',
    align: 'right',
    value: (r) => r.lastTwentyFourHourSuccessCount,
    filterable: false,
    width: 115,
  },
  {
    id: 'lastTwentyFourHourFailureCount',
    header: 'Failures (24 h)',
    kind: 'number',
    align: 'right',
    value: (r) => r.lastTwentyFourHourFailureCount,
    filterable: false,
    cell: (r) => (
      <span className={r.lastTwentyFourHourFailureCount > 0 ? 'font-semibold text-error' : ''}>
        {r.lastTwentyFourHourFailureCount}
      </span>
    ),
    width: 110,
  },
  {
    id: 'requestUrl',
    header: 'URL',
    value: (r) => r.requestUrl,
    width: 280,
    cell: (r) => (
      <span className="block truncate font-mono text-xs" title={r.requestUrl}>
        {r.requestUrl}
      </span>
    ),
  },
];
