import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEditAnswerSchema } from '@/contracts/notification';
import { CANNOT_EDIT_NOTIFICATIONS } from '@/domain/notification';
import { queueDailyDigests } from '../../server/services/notification/alarm-mails';
import { deliverPending, type MailTransport } from '../../server/services/notification/outbox';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

const MIN = 60_000;
const T0 = Date.UTC(2026, 9, 5, 6);

describe.each(testEngines)('alarm notifications on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let ops = 0;
  let picky = 0;
  let qube = 0;
  let group = 0;
  let otherGroup = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    ops = await addMember(t.database, f.orgA, 'ops@example.com', [1]);
    picky = await addMember(t.database, f.orgA, 'picky@example.com', []);
    const padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    group = (
      await q<{ id: number }>("INSERT INTO site_groups (organization_id, name) VALUES ($1, 'North') RETURNING id", [
        f.orgA,
      ])
    )[0]!.id;
    otherGroup = (
      await q<{ id: number }>("INSERT INTO site_groups (organization_id, name) VALUES ($1, 'South') RETURNING id", [
        f.orgA,
      ])
    )[0]!.id;
    await q('INSERT INTO site_site_groups (site_id, site_group_id) VALUES ($1, $2)', [padOne, group]);
    qube = (
      await q<{ id: number }>(
        "INSERT INTO devices (name, device_type, organization_id) VALUES ('A-9601', 'Qube', $1) RETURNING id",
        [f.orgA],
      )
    )[0]!.id;
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, $3)',
      [qube, padOne, new Date(T0 - 86_400_000).toISOString()],
    );
    await q(
      `INSERT INTO site_alarm_parameters (site_id, alarm_type, measurement_type_id, status, device_filter, calculation_method, hi_threshold, hi_hi_threshold, critical_threshold, sliding_window_hours, reset_evaluation_period_hours)
             VALUES ($1, 0, 1, 1, 0, 1, 10, 50, 100, 0.25, 1)`,
      [padOne],
    );
  });
  afterAll(() => t.close());

  const edit = (user: number, body: Record<string, unknown>) =>
    t.as(user, {
      method: 'POST',
      url: '/api/notification/subscriptionEdit/',
      payload: {
        organizationId: f.orgA,
        userId: user,
        ianaTimezoneId: 'America/Edmonton',
        timeFormat: 0,
        businessUnitIds: [],
        assetAreaIds: [],
        siteGroupIds: [],
        alarmSubscriptions: [],
        ...body,
      },
    });
  const outbox = () =>
    t.database.query<{
      to_address: string;
      subject: string;
      body_text: string;
      sent_at: Date | null;
      attempts: number;
      last_error: string | null;
    }>('SELECT * FROM email_outbox ORDER BY id');
  const ingest = (minute: number, values: number[]) =>
    t.as(f.provider, {
      method: 'POST',
      url: '/api/data/ingest/',
      payload: {
        organizationId: f.orgA,
        samples: values.map((v, i) => ({
          deviceId: qube,
          measurementTypeId: 1,
          time: new Date(T0 + (minute + i) * MIN).toISOString(),
          value: v,
        })),
      },
    });

  it('reads defaults and saves subscriptions, only for oneself unless a user administrator', async () => {
    const read = subscriptionEditAnswerSchema.parse(
      (
        await t.as(ops, {
          method: 'GET',
          url: `/api/notification/subscriptionEdit/?userId=${ops}&userOrganizationId=${f.orgA}`,
        })
      ).json(),
    );
    expect(read).toMatchObject({ userId: ops, ianaTimezoneId: 'America/Edmonton', alarmSubscriptions: [] });
    expect(read.options.siteGroups.map((g) => g.name)).toEqual(['North', 'South']);
    expect(
      (
        await edit(ops, { alarmSubscriptions: [{ alarmType: 0, measurementTypeId: 1, frequency: 1, alarmLevel: 0 }] })
      ).json(),
    ).toEqual({ ok: true });
    const other = await t.as(ops, {
      method: 'GET',
      url: `/api/notification/subscriptionEdit/?userId=${picky}&userOrganizationId=${f.orgA}`,
    });
    expect(other.statusCode).toBe(403);
    expect((other.json() as { detail: string }).detail).toBe(CANNOT_EDIT_NOTIFICATIONS);
    const bad = await edit(picky, { ianaTimezoneId: 'Mars/Olympus', siteGroupIds: [999999] });
    expect(Object.keys((bad.json() as { errors: Record<string, string[]> }).errors).sort()).toEqual([
      'ianaTimezoneId',
      'siteGroupIds',
    ]);
    // Picky wants Critical only, and only the South group (Pad 1 is North).
    expect(
      (
        await edit(picky, {
          siteGroupIds: [otherGroup],
          alarmSubscriptions: [{ alarmType: 0, measurementTypeId: 1, frequency: 1, alarmLevel: 0 }],
        })
      ).statusCode,
    ).toBe(200);
    const zones = (await t.as(ops, { method: 'GET', url: '/api/timeZone/getTimeZoneIds/' })).json() as string[];
    expect(zones).toContain('America/Edmonton');
  });

  it('queues an instantaneous mail for a raised alarm to the subscribers it falls under, once', async () => {
    expect((await ingest(0, [2, 2, 60, 2, 2])).json()).toMatchObject({ alarmsRaised: 1 });
    await ingest(0, [2, 2, 60, 2, 2]);
    const mails = await outbox();
    expect(mails.map((m) => m.to_address)).toEqual(['ops@example.com']);
    expect(mails[0]!.subject).toBe('Alarm: HI-HI — CH4 Measurement Alarm (Max) at Pad 1');
    expect(mails[0]!.body_text).toMatch(/\/alarm\/[0-9A-Z]+\n/);
    expect(mails[0]!.body_text).toMatch(/Unsubscribe: .*\/unsubscribe\/[\w-]+\?notificationType=Alarm/);
    expect(mails[0]!.body_text).toContain('on A-9601');
  });

  it('keeps a mail the server failed to send and sends it on a later try', async () => {
    const failing: MailTransport = {
      name: 'down',
      send: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
    };
    const sent: string[] = [];
    const working: MailTransport = { name: 'up', send: async (m) => void sent.push(m.to) };
    const now = new Date();
    expect(await deliverPending(t.database, failing, now)).toEqual({ sent: 0, failed: 1 });
    const [kept] = await outbox();
    expect(kept).toMatchObject({ sent_at: null, attempts: 1, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(await deliverPending(t.database, working, now)).toEqual({ sent: 0, failed: 0 }); // not due yet
    expect(await deliverPending(t.database, working, new Date(now.getTime() + 2 * MIN))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(sent).toEqual(['ops@example.com']);
  });

  it('sends the daily digest once after 7 a.m. local time, and stops after the unsubscribe link', async () => {
    await edit(ops, { alarmSubscriptions: [{ alarmType: 0, measurementTypeId: 1, frequency: 0, alarmLevel: 0 }] });
    // A morning in Edmonton: 06:10 local, then 07:20; the alarm was raised two hours before the first.
    const edmontonHour = (d: Date) =>
      Number(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton', hour: '2-digit', hourCycle: 'h23' }).format(d),
      );
    let early = new Date(Date.UTC(2026, 10, 20, 10, 10));
    while (edmontonHour(early) !== 6) early = new Date(early.getTime() + 3_600_000);
    const later = new Date(early.getTime() + 70 * MIN);
    await t.database.query('UPDATE alarms SET created_at = $1', [
      new Date(early.getTime() - 2 * 3_600_000).toISOString(),
    ]);
    expect(await queueDailyDigests(t.database, early, 'http://console.test')).toBe(0);
    expect(await queueDailyDigests(t.database, later, 'http://console.test')).toBe(1);
    expect(await queueDailyDigests(t.database, new Date(later.getTime() + 30 * MIN), 'http://console.test')).toBe(0);
    const digest = (await outbox()).at(-1)!;
    expect(digest.subject).toBe('Daily alarm summary: 1 alarm(s)');
    expect(digest.to_address).toBe('ops@example.com');

    const [sub] = await t.database.query<{ token: string }>(
      'SELECT token FROM notification_subscriptions WHERE user_id = $1',
      [ops],
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/notification/unsubscribe/',
          payload: { subscriptionToken: sub!.token, notificationType: 'Alarm' },
        })
      ).json(),
    ).toEqual({ unsubscribed: true });
    await edit(picky, { siteGroupIds: [], alarmSubscriptions: [] });
    const before = (await outbox()).length;
    await ingest(300, [2, 200, 2]);
    expect((await outbox()).length).toBe(before);
  });
  it('counts the subscriptions filtered by a site group, and disables one its deletion leaves without groups', async () => {
    const third = await addMember(t.database, f.orgA, 'third@example.com', []);
    await edit(third, {
      siteGroupIds: [group],
      alarmSubscriptions: [{ alarmType: 0, measurementTypeId: 1, frequency: 1, alarmLevel: 2 }],
    });
    const groups = async () =>
      (
        await t.as(f.admin, {
          method: 'GET',
          url: `/api/siteGroup/listSiteGroupsForOrganization/?organizationId=${f.orgA}`,
        })
      ).json() as { id: number; notificationSubscriptionCount: number }[];
    expect((await groups()).find((g) => g.id === group)!.notificationSubscriptionCount).toBe(1);
    expect(
      (await t.as(f.admin, { method: 'DELETE', url: `/api/siteGroup/delete/${group}?organizationId=${f.orgA}` }))
        .statusCode,
    ).toBe(200);
    const [sub] = await t.database.query<{ site_group_ids: number[]; unsubscribed_at: Date | null }>(
      'SELECT site_group_ids, unsubscribed_at FROM notification_subscriptions WHERE user_id = $1',
      [third],
    );
    expect(sub!.site_group_ids).toEqual([]);
    expect(sub!.unsubscribed_at).not.toBeNull();
  });
});
