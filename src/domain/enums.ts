// The shared enumerations of the three spec documents (spec 1 §3, spec 2 §3, spec 3 §3).
import { defineEnum } from './enum';

export const AlarmLevel = defineEnum('AlarmLevel', { Hi: [0, 'HI'], HiHi: [1, 'HI-HI'], Critical: [2, 'Critical'] });
export const AlarmType = defineEnum('AlarmType', {
  Measurement: [0, 'Measurement'],
  SiteRate: [1, 'Emission Rate'],
  SiteVolume: [2, 'Emission Volume'],
});
export const WorkflowType = defineEnum('WorkflowType', { Basic: [0, 'Basic'], LDAR: [1, 'LDAR'] });
export const Aggregation = defineEnum('Aggregation', { Average: [0, 'Average'], Max: [1, 'Max'], Sum: [2, 'Sum'] });
export const DeviceInstallationType = defineEnum('DeviceInstallationType', {
  Active: [0, 'Unquarantined'],
  Quarantine: [1, 'Quarantined'],
  QuarantineWind: [2, 'Wind Quarantined'],
});
export const AlarmDeviceFilter = defineEnum('AlarmDeviceFilter', {
  AllQube: [0, 'All Qube Devices'],
  AllQubeLite: [1, 'All Qube Lite Devices'],
  SelectedQube: [2, 'Selected Qube Devices'],
  SelectedQubeLite: [3, 'Selected Qube Lite Devices'],
});
export const RepairType = defineEnum('RepairType', { Adjustment: [0, 'Adjustment'], Replacement: [1, 'Replacement'] });
export const TicketStatus = defineEnum('TicketStatus', {
  Open: [0, 'Open'],
  Pending: [1, 'Pending'],
  Escalated: [2, 'Escalated'],
  Investigating: [3, 'Investigating'],
  Resolved: [4, 'Resolved'],
  Closed: [5, 'Closed'],
  Stalled: [6, 'Stalled'],
});
export const TicketPriority = defineEnum('TicketPriority', {
  Low: [0, 'Low'],
  Medium: [1, 'Medium'],
  High: [2, 'High'],
  Urgent: [3, 'Urgent'],
});
export const TicketSource = defineEnum('TicketSource', {
  Internal: [0, 'Internal'],
  External: [1, 'External'],
  Testing: [2, 'Testing'],
});
export const SubscriptionFrequency = defineEnum('SubscriptionFrequency', {
  Daily: [0, 'Daily'],
  Instantaneous: [1, 'Instantaneous'],
});
export const SiteAlarmParameterStatus = defineEnum('SiteAlarmParameterStatus', { Off: [0, 'Off'], On: [1, 'On'] });
export const TimeFormat = defineEnum('TimeFormat', { TwelveHour: [0, '12-hr'], TwentyFourHour: [1, '24-hr'] });

export const CLASSIFICATIONS = ['Fugitive', 'IncompleteCombustion', 'Venting', 'NothingFound'] as const;
export const UP_STATUSES = ['Up', 'Down', 'Not applicable'] as const;
export const API_ENDPOINT_CATEGORIES = [
  'Alarms',
  'Alarm State',
  'Emission Rates',
  'Emissions',
  'Measurements',
  'Site Rates',
  'Sites',
  'Volumes',
  'Wind',
] as const;
export const GAS_ORDER = ['CH4', 'VOC', 'CO', 'CO2', 'SO2', 'H2S', 'NH3', 'NO2', 'PM2.5'] as const;
export type Gas = (typeof GAS_ORDER)[number];

export type OnlineStatus = 'Online' | 'Offline' | 'Unknown';
/** Online status from the device cloud's particleOnlineStatus (spec 1 §3). */
export function onlineStatus(particleOnlineStatus: boolean | null | undefined): OnlineStatus {
  return particleOnlineStatus === true ? 'Online' : particleOnlineStatus === false ? 'Offline' : 'Unknown';
}
