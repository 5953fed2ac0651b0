// What View Site Details lists (spec 3 §2 'Menu items'): the site's fields in the spec's order, a dash for an empty one.
import type { SiteDetail } from '@/contracts/site-dashboard';

export function siteDetailRows(site: SiteDetail): [string, string][] {
  return [
    ['Name', site.name],
    ['Alias', site.alias ?? '—'],
    ['Organization', site.organization],
    ['Location', `${site.location.lat.toFixed(5)},${site.location.lng.toFixed(5)}`],
    ['Site groups', site.siteGroupNames.join(', ') || '—'],
    ['Business unit', site.businessUnit ?? '—'],
    ['Asset area', site.assetArea ?? '—'],
    ['Country', site.country ?? '—'],
    ['State / province', site.stateProvince ?? '—'],
    ['Regulation', site.regulation ?? '—'],
    ['Regulatory site type', site.regulatorySiteType ?? '—'],
    ['Generic site type', site.genericSiteType ?? '—'],
    ['Basin', site.basin ?? '—'],
    ['Devices installed', site.devices.join(', ') || '—'],
    ['Modelling pipeline', site.modellingPipelineIsOn ? 'On' : 'Off'],
    ['Access notes', site.accessNotes ?? '—'],
  ];
}
