// The uptime screen's pickers: Organizations (only for a user of several), Site Groups and Sites.
import { MultiSelect } from '@/ui/multi-select';
import type { UptimePickers } from './use-uptime-scope';

export function UptimeScopePickers({
  organizations,
  currentOrganizationName,
  pickers: p,
}: {
  organizations: readonly { id: number; name: string }[];
  currentOrganizationName: string;
  pickers: UptimePickers;
}) {
  return (
    <>
      {organizations.length > 1 && (
        <MultiSelect
          label="Organizations"
          allLabel={currentOrganizationName}
          options={organizations.map((o) => ({ id: o.id, label: o.name }))}
          selected={p.orgIds}
          onChange={p.setOrgIds}
        />
      )}
      <MultiSelect
        label="Site Groups"
        options={p.groups.map((g) => ({ id: g.id, label: g.name }))}
        selected={p.groupIds}
        onChange={p.setGroupIds}
      />
      <MultiSelect
        label="Sites"
        options={p.offeredSites.map((s) => ({ id: s.id, label: s.name }))}
        selected={p.siteIds}
        onChange={p.setSiteIds}
      />
    </>
  );
}
