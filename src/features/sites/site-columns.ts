// The Sites table columns of spec 1 §2, shared by the table and the CSV export.
import type { SiteListRow } from '@/contracts/site';

export interface SiteColumn {
  header: string;
  value(site: SiteListRow): string | number;
  numeric?: boolean;
  /** Shown only with Show Deleted on. */
  deletedOnly?: boolean;
}

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

export const SITE_COLUMNS: readonly SiteColumn[] = [
  { header: 'Name', value: (s) => s.name },
  { header: 'Alias', value: (s) => s.alias ?? '' },
  { header: 'Groups', value: (s) => s.siteGroupNames.join(', ') },
  { header: 'Organization', value: (s) => s.organization },
  { header: 'Business Unit', value: (s) => s.businessUnit ?? '' },
  { header: 'Asset/Area', value: (s) => s.assetArea ?? '' },
  { header: 'Country', value: (s) => s.country ?? '' },
  { header: 'State/Province', value: (s) => s.stateProvince ?? '' },
  { header: 'Regulation', value: (s) => s.regulation ?? '' },
  { header: 'Regulatory Site Type', value: (s) => s.regulatorySiteType ?? '' },
  { header: 'Generic Site Type', value: (s) => s.genericSiteType ?? '' },
  { header: 'Basin', value: (s) => s.basin ?? '' },
  { header: 'Industry Segment', value: (s) => s.industrySegment ?? '' },
  { header: 'Fluid Type', value: (s) => s.fluidType ?? '' },
  { header: 'Devices', value: (s) => s.devices.length, numeric: true },
  { header: 'Model On/Off', value: (s) => (s.modellingPipelineIsOn ? 'On' : 'Off') },
  { header: 'Notification Required', value: (s) => yesNo(s.notificationRequired) },
  { header: 'Special Tickets Required', value: (s) => yesNo(s.specialTicketsRequired) },
  { header: 'Work Permit Required', value: (s) => yesNo(s.workPermitRequired) },
  { header: 'Deleted', value: (s) => yesNo(s.deletedAt !== null), deletedOnly: true },
];

export interface SiteKpis {
  total: number;
  withModelOn: number;
  withDevices: number;
}

export function siteKpis(sites: readonly SiteListRow[]): SiteKpis {
  const live = sites.filter((s) => s.deletedAt === null);
  return { total: live.length, withModelOn: live.filter((s) => s.modellingPipelineIsOn).length, withDevices: live.filter((s) => s.devices.length > 0).length };
}
