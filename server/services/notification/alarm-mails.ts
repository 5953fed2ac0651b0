// Alarm notifications (spec 2 §2, §9): an instantaneous mail to every subscriber an alarm falls under when it is
// raised, and a daily digest at 7 a.m. in each subscriber's time zone of the alarms raised since the last one. Each
// mail links to the alarm and carries the subscription's unsubscribe link.
import { alarmTitle, encodeAlarmId } from '@/domain/alarm';
import { AlarmLevel, SubscriptionFrequency, TimeFormat } from '@/domain/enums';
import { formatDateTime } from '@/domain/format';
import { DAILY_DIGEST_HOUR, subscriptionCovers, type AlarmSubscription } from '@/domain/notification';
import type { Queryable } from '../../db/client';
import { enqueueMail } from './outbox';

interface SubscriptionRow extends Record<string, unknown> {
  id: number;
  user_id: number;
  organization_id: number;
  email: string;
  token: string;
  iana_timezone_id: string;
  time_format: number;
  business_unit_ids: number[];
  asset_area_ids: number[];
  site_group_ids: number[];
  alarm_subscriptions: AlarmSubscription[];
  last_daily_digest_on: string | Date | null;
}

interface AlarmFacts extends Record<string, unknown> {
  id: number;
  organization_id: number;
  site_name: string;
  business_unit_id: number | null;
  asset_area_id: number | null;
  site_group_ids: number[] | null;
  alarm_type: number;
  measurement_type_id: number;
  calculation_method: number | null;
  level: number;
  start_time: Date | string;
  max_value: number;
  device_name: string | null;
}

const SUBSCRIPTIONS = `SELECT n.*, u.email FROM notification_subscriptions n JOIN users u ON u.id = n.user_id
   JOIN user_organizations uo ON uo.user_id = n.user_id AND uo.organization_id = n.organization_id
   JOIN organizations o ON o.id = n.organization_id AND o.deleted_at IS NULL
  WHERE n.notification_type = 'Alarm' AND n.unsubscribed_at IS NULL AND jsonb_array_length(n.alarm_subscriptions) > 0`;

const ALARM_FACTS = `SELECT a.id, s.organization_id, s.name AS site_name, s.business_unit_id, s.asset_area_id,
   (SELECT array_agg(sg.site_group_id) FROM site_site_groups sg WHERE sg.site_id = s.id) AS site_group_ids,
   a.alarm_type, a.measurement_type_id, a.calculation_method, a.level, a.start_time, a.max_value, d.name AS device_name
  FROM alarms a JOIN sites s ON s.id = a.site_id AND s.deleted_at IS NULL LEFT JOIN devices d ON d.id = a.device_id`;

const covers = (s: SubscriptionRow, a: AlarmFacts, frequency: number) =>
  subscriptionCovers(
    {
      alarmSubscriptions: s.alarm_subscriptions,
      businessUnitIds: s.business_unit_ids,
      assetAreaIds: s.asset_area_ids,
      siteGroupIds: s.site_group_ids,
    },
    {
      alarmType: a.alarm_type,
      measurementTypeId: a.measurement_type_id,
      level: a.level,
      businessUnitId: a.business_unit_id,
      assetAreaId: a.asset_area_id,
      siteGroupIds: a.site_group_ids ?? [],
    },
    frequency,
  );

function alarmLines(a: AlarmFacts, s: SubscriptionRow, publicUrl: string): string[] {
  const time = formatDateTime(
    new Date(a.start_time).toISOString(),
    s.iana_timezone_id,
    s.time_format === TimeFormat.values.TwentyFourHour ? '24-hr' : '12-hr',
  );
  return [
    `${AlarmLevel.label(a.level)} — ${alarmTitle({ measurementTypeId: a.measurement_type_id, alarmType: a.alarm_type, calculationMethod: a.calculation_method })} at ${a.site_name}`,
    `Started ${time}${a.device_name ? ` on ${a.device_name}` : ''}; highest value ${Number(a.max_value).toLocaleString('en-US', { maximumFractionDigits: 2 })}.`,
    `${publicUrl}/alarm/${encodeAlarmId(a.id)}`,
  ];
}

const footer = (s: SubscriptionRow, publicUrl: string) => [
  '',
  'You receive this because of your alarm notification subscriptions.',
  `Unsubscribe: ${publicUrl}/unsubscribe/${encodeURIComponent(s.token)}?notificationType=Alarm`,
];

/** Queues the instantaneous mails for newly raised alarms; answers how many were queued. */
export async function notifyRaisedAlarms(
  db: Queryable,
  alarmIds: readonly number[],
  publicUrl: string,
): Promise<number> {
  if (alarmIds.length === 0) return 0;
  const alarms = await db.query<AlarmFacts>(`${ALARM_FACTS} WHERE a.id = ANY($1::int[]) ORDER BY a.id`, [
    [...alarmIds],
  ]);
  const orgs = [...new Set(alarms.map((a) => a.organization_id))];
  const subs = await db.query<SubscriptionRow>(`${SUBSCRIPTIONS} AND n.organization_id = ANY($1::int[])`, [orgs]);
  let queued = 0;
  for (const a of alarms) {
    for (const s of subs.filter(
      (x) => x.organization_id === a.organization_id && covers(x, a, SubscriptionFrequency.values.Instantaneous),
    )) {
      const [headline, ...rest] = alarmLines(a, s, publicUrl);
      const ok = await enqueueMail(db, {
        dedupeKey: `alarm:${a.id}:user:${s.user_id}`,
        userId: s.user_id,
        organizationId: a.organization_id,
        to: s.email,
        subject: `Alarm: ${headline}`,
        text: [headline!, ...rest, ...footer(s, publicUrl)].join('\n'),
      });
      if (ok) queued++;
    }
  }
  return queued;
}

/** The local date (YYYY-MM-DD) and hour at an instant in a time zone. */
export function localDateHour(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** Queues each subscriber's daily digest once their local clock has passed 7 a.m.; answers how many were queued. */
export async function queueDailyDigests(db: Queryable, now: Date, publicUrl: string): Promise<number> {
  const subs = (await db.query<SubscriptionRow>(SUBSCRIPTIONS)).filter((s) =>
    s.alarm_subscriptions.some((a) => a.frequency === SubscriptionFrequency.values.Daily),
  );
  let queued = 0;
  for (const s of subs) {
    const local = localDateHour(now, s.iana_timezone_id);
    const last =
      s.last_daily_digest_on === null
        ? null
        : typeof s.last_daily_digest_on === 'string'
          ? s.last_daily_digest_on.slice(0, 10)
          : s.last_daily_digest_on.toISOString().slice(0, 10);
    if (local.hour < DAILY_DIGEST_HOUR || last === local.date) continue;
    // The day's digest covers the 24 hours before this morning's run.
    const alarms = (
      await db.query<AlarmFacts>(
        `${ALARM_FACTS} WHERE s.organization_id = $1 AND a.created_at > $2 AND a.created_at <= $3 ORDER BY a.start_time`,
        [s.organization_id, new Date(now.getTime() - 86_400_000).toISOString(), now.toISOString()],
      )
    ).filter((a) => covers(s, a, SubscriptionFrequency.values.Daily));
    await db.query('UPDATE notification_subscriptions SET last_daily_digest_on = $2 WHERE id = $1', [s.id, local.date]);
    if (alarms.length === 0) continue;
    const ok = await enqueueMail(db, {
      dedupeKey: `digest:${s.id}:${local.date}`,
      userId: s.user_id,
      organizationId: s.organization_id,
      to: s.email,
      subject: `Daily alarm summary: ${alarms.length} alarm(s)`,
      text: [
        `${alarms.length} alarm(s) in the last 24 hours:`,
        '',
        ...alarms.flatMap((a) => [...alarmLines(a, s, publicUrl), '']),
        ...footer(s, publicUrl),
      ].join('\n'),
    });
    if (ok) queued++;
  }
  return queued;
}
