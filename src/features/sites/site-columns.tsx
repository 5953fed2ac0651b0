// The Sites table columns of spec 1 §2, for the grid and its CSV export; and the KPI tiles.
import type { GridColumn } from '@/ui/data-grid/types';
import type { SiteListRow } from '@/contracts/site';

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

export function siteColumns(showDeleted: boolean): GridColumn<SiteListRow>[] {
  const columns: GridColumn<SiteListRow>[] = [
    { id: 'name', header: 'Name', value: (s) => s.name, hideable: false, width: 180 },
    { id: 'alias', header: 'Alias', value: (s) => s.alias },
    { id: 'groups', header: 'Groups', value: (s) => s.siteGroupNames.join(', ') },
    { id: 'organization', header: 'Organization', value: (s) => s.organization },
    { id: 'businessUnit', header: 'Business Unit', value: (s) => s.businessUnit },
    { id: 'assetArea', header: 'Asset/Area', value: (s) => s.assetArea },
    { id: 'country', header: 'Country', value: (s) => s.country },
    { id: 'stateProvince', header: 'State/Province', value: (s) => s.stateProvince },
    { id: 'regulation', header: 'Regulation', value: (s) => s.regulation },
    { id: 'regulatorySiteType', header: 'Regulatory Site Type', value: (s) => s.regulatorySiteType },
    { id: 'genericSiteType', header: 'Generic Site Type', value: (s) => s.genericSiteType },
    { id: 'basin', header: 'Basin', value: (s) => s.basin },
    { id: 'industrySegment', header: 'Industry Segment', value: (s) => s.industrySegment },
    { id: 'fluidType', header: 'Fluid Type', value: (s) => s.fluidType },
    {
      id: 'devices',
      header: 'Devices',
      kind: 'number',
      value: (s) => s.devices.length,
      cell: (s) => (
        <span
          title={s.devices.length ? s.devices.join(', ') : 'No devices installed'}
          className="cursor-help underline decoration-dotted underline-offset-2"
        >
          {s.devices.length}
        </span>
      ),
    },
    { id: 'modelOn', header: 'Model On/Off', value: (s) => (s.modellingPipelineIsOn ? 'On' : 'Off') },
    { id: 'notificationRequired', header: 'Notification Required', value: (s) => yesNo(s.notificationRequired) },
    { id: 'specialTicketsRequired', header: 'Special Tickets Required', value: (s) => yesNo(s.specialTicketsRequired) },
    { id: 'workPermitRequired', header: 'Work Permit Required', value: (s) => yesNo(s.workPermitRequired) },
  ];
  if (showDeleted) columns.push({ id: 'deleted', header: 'Deleted', value: (s) => yesNo(s.deletedAt !== null) });
  return columns;
}

export interface SiteKpis {
  total: number;
  withModelOn: number;
  withDevices: number;
}

export function siteKpis(sites: readonly SiteListRow[]): SiteKpis {
  const live = sites.filter((s) => s.deletedAt === null);
  return {
    total: live.length,
    withModelOn: live.filter((s) => s.modellingPipelineIsOn).length,
    withDevices: live.filter((s) => s.devices.length > 0).length,
  };
}
