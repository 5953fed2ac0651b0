// What the search drawer lists (spec 2 §2 'Search drawer'): the sites and devices matching one query by name, alias,
// site or group, each with its detail line, and a device's menu with why an entry is disabled.
import type { z } from 'zod';
import type { DeviceSearchRow, siteSearchRowSchema } from '@/contracts/device';
import { quarantineBlocked } from '@/domain/device-form';
import { NOT_INSTALLED_FOR_TICKET } from '@/domain/ticket';

export type SiteSearchRow = z.infer<typeof siteSearchRowSchema>;

/** Lists draw at most this many matches; the counts still say how many there are. */
export const SHOWN = 150;

const matches = (q: string, values: readonly string[]) => !q || values.some((v) => v.toLowerCase().includes(q));
const queryOf = (text: string) => text.trim().toLowerCase();

export const matchingSites = (rows: readonly SiteSearchRow[], text: string): SiteSearchRow[] =>
  rows.filter((s) => matches(queryOf(text), [s.name, s.alias ?? '', ...s.siteGroupNames]));

export const matchingDevices = (rows: readonly DeviceSearchRow[], text: string): DeviceSearchRow[] =>
  rows.filter((d) => matches(queryOf(text), [d.name, d.currentSiteName ?? '', ...d.siteGroupNames]));

/** A site's second line: alias, groups and (with Show All) its organization. */
export const siteDetail = (s: SiteSearchRow, showAll: boolean) =>
  [s.alias, s.siteGroupNames.join(', '), showAll ? s.organizationName : null].filter(Boolean).join(' · ') || '—';

/** A device's second line: its site (or 'Not installed'), groups and (with Show All) its organization. */
export const deviceDetail = (d: DeviceSearchRow, showAll: boolean) =>
  [d.currentSiteName ?? 'Not installed', d.siteGroupNames.join(', '), showAll ? d.organizationName : null]
    .filter(Boolean)
    .join(' · ');

export type DeviceAction = 'start' | 'end' | 'quarantine' | 'cloud' | 'ticket';
export interface DeviceMenuEntry {
  label: string;
  action: DeviceAction;
  disabledWhy: string | null;
}

/**
 * A device's menu entries after Device Dashboard, each with why it is disabled (null when it is not): a device of
 * another organization changes only once that organization is chosen.
 */
export function deviceMenu(
  d: DeviceSearchRow,
  { organizationId, canInstall, canCloud }: { organizationId: number; canInstall: boolean; canCloud: boolean },
): DeviceMenuEntry[] {
  const elsewhere =
    d.organizationId === organizationId ? null : `Switch to ${d.organizationName} to change this device`;
  const installed = Boolean(d.currentInstallationId);
  return [
    ...(canInstall
      ? [
          installed
            ? { label: 'End Installation', action: 'end' as const, disabledWhy: elsewhere }
            : { label: 'Start Installation', action: 'start' as const, disabledWhy: elsewhere },
        ]
      : []),
    {
      label: 'Change Quarantine State',
      action: 'quarantine',
      disabledWhy: elsewhere ?? quarantineBlocked(d.deviceType, d.currentInstallationId !== null),
    },
    ...(canCloud && d.deviceType === 'Qube'
      ? [{ label: 'Cloud Functions', action: 'cloud' as const, disabledWhy: elsewhere }]
      : []),
    {
      label: 'Create Support Ticket',
      action: 'ticket',
      disabledWhy: elsewhere ?? (installed ? null : NOT_INSTALLED_FOR_TICKET),
    },
  ];
}
