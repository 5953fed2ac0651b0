// Notification subscriptions (spec 2 §2 'Notification Subscriptions dialog', §3 'Subscription edit', §8, §9): the form,
// its quick controls, which alarms a subscription covers, and when daily digests go out.
import { z } from 'zod';
import { idSchema } from '@/contracts/bounds';
import { AlarmType } from './enums';
import { MEASUREMENT_TYPES } from './measurement-type';

export const NOTIFICATIONS_EDITED = 'Notification settings edited';
export const NO_ALARM_SUBSCRIPTIONS = 'No Alarm Subscriptions set.';
export const CANNOT_EDIT_NOTIFICATIONS = 'You cannot edit Notification Subscriptions for this user';
export const DAILY_DIGEST_HOUR = 7;

export const alarmSubscriptionSchema = z.object({
  alarmType: z.number().int().min(0).max(2),
  measurementTypeId: idSchema,
  frequency: z.number().int().min(0).max(1),
  alarmLevel: z.number().int().min(0).max(2),
});
export type AlarmSubscription = z.infer<typeof alarmSubscriptionSchema>;

export const subscriptionEditSchema = z.object({
  userId: idSchema,
  organizationId: idSchema,
  ianaTimezoneId: z.string().min(1, 'Time zone is required').max(64),
  timeFormat: z.number().int().min(0).max(1),
  businessUnitIds: z.array(idSchema).max(500),
  assetAreaIds: z.array(idSchema).max(500),
  siteGroupIds: z.array(idSchema).max(500),
  alarmSubscriptions: z.array(alarmSubscriptionSchema).max(100),
});
export type SubscriptionEdit = z.infer<typeof subscriptionEditSchema>;

/** The subscription table's rows: Emission Rate, then each gas's measurement alarms. */
export interface SubscriptionRow {
  alarmType: number;
  measurementTypeId: number;
  label: string;
}
export const SUBSCRIPTION_ROWS: readonly SubscriptionRow[] = [
  { alarmType: AlarmType.values.SiteRate, measurementTypeId: 1, label: 'Emission Rate' },
  ...MEASUREMENT_TYPES.filter((m) => m.gas !== null).map((m) => ({
    alarmType: AlarmType.values.Measurement,
    measurementTypeId: m.id,
    label: `${m.label} Measurement`,
  })),
];

/** The level a row subscribes at for a frequency, or null. */
export function levelFor(subs: readonly AlarmSubscription[], row: SubscriptionRow, frequency: number): number | null {
  return (
    subs.find(
      (s) =>
        s.alarmType === row.alarmType && s.measurementTypeId === row.measurementTypeId && s.frequency === frequency,
    )?.alarmLevel ?? null
  );
}

/** Sets (or clears, with null) one row's level for a frequency. */
export function withLevel(
  subs: readonly AlarmSubscription[],
  row: SubscriptionRow,
  frequency: number,
  level: number | null,
): AlarmSubscription[] {
  const rest = subs.filter(
    (s) =>
      !(s.alarmType === row.alarmType && s.measurementTypeId === row.measurementTypeId && s.frequency === frequency),
  );
  return level === null
    ? rest
    : [...rest, { alarmType: row.alarmType, measurementTypeId: row.measurementTypeId, frequency, alarmLevel: level }];
}

/** Choosing a level for all daily (or all instantaneous) sets every row of that frequency. */
export function withLevelForAll(
  subs: readonly AlarmSubscription[],
  frequency: number,
  level: number | null,
): AlarmSubscription[] {
  return SUBSCRIPTION_ROWS.reduce<AlarmSubscription[]>((acc, row) => withLevel(acc, row, frequency, level), [...subs]);
}

/** Subscribing at a level includes every higher level: HI covers HI, HI-HI and Critical. */
export const levelCovers = (subscribedLevel: number, alarmLevel: number) => alarmLevel >= subscribedLevel;

/** Whether an alarm falls in a subscription: same type and gas at a covered level, and inside the site filters. */
export function subscriptionCovers(
  s: {
    alarmSubscriptions: readonly AlarmSubscription[];
    businessUnitIds: readonly number[];
    assetAreaIds: readonly number[];
    siteGroupIds: readonly number[];
  },
  alarm: {
    alarmType: number;
    measurementTypeId: number;
    level: number;
    businessUnitId: number | null;
    assetAreaId: number | null;
    siteGroupIds: readonly number[];
  },
  frequency: number,
): boolean {
  const measurementType = alarm.alarmType === AlarmType.values.Measurement ? alarm.measurementTypeId : 1;
  const match = s.alarmSubscriptions.some(
    (a) =>
      a.frequency === frequency &&
      a.alarmType === alarm.alarmType &&
      a.measurementTypeId === measurementType &&
      levelCovers(a.alarmLevel, alarm.level),
  );
  if (!match) return false;
  if (s.businessUnitIds.length && (alarm.businessUnitId === null || !s.businessUnitIds.includes(alarm.businessUnitId)))
    return false;
  if (s.assetAreaIds.length && (alarm.assetAreaId === null || !s.assetAreaIds.includes(alarm.assetAreaId)))
    return false;
  if (s.siteGroupIds.length && !alarm.siteGroupIds.some((g) => s.siteGroupIds.includes(g))) return false;
  return true;
}
