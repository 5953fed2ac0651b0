// The Device Events grid's fields and quick filter (spec 2 §2 'Device Events grid', §7 deviceEvents/, §9).
export const DEVICE_EVENT_FIELDS = [
  'time',
  'deviceName',
  'thirdPartyId',
  'eventCode',
  'message',
  'parameters',
  'firmwareVersion',
  'organizationName',
  'siteName',
] as const;
export type DeviceEventField = (typeof DEVICE_EVENT_FIELDS)[number];
export const DEVICE_EVENT_QUICK_FILTERS = ['DeveloperCodes'] as const;
export const DEVICE_EVENTS_BLOCK = 40;
export const DEVICE_EVENTS_DEFAULT_HOURS = 24;
