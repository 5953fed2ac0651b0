import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHealthRowSchema } from '@/contracts/device';
import { siteHealthRowSchema } from '@/contracts/site-health';
import { conversationSchema, ticketFieldOptionSchema, ticketOptionSchema, ticketSchema } from '@/contracts/ticket';
import { NOT_INSTALLED_FOR_TICKET } from '@/domain/ticket';
import { addMember, createTestApp, insertFixtures, type TestApp } from '../helpers/test-app';
import { testEngines } from '../helpers/test-db';

describe.each(testEngines)('support tickets on %s', (engine) => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof insertFixtures>>;
  let operator = 0;
  let installed = 0;
  let stock = 0;
  let foreign = 0;
  let padOne = 0;
  let power = 0;
  let battery = 0;
  let weakSignal = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    f = await insertFixtures(t.database);
    const q = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      t.database.query<T>(sql, params);
    operator = await addMember(t.database, f.orgA, 'ops@example.com', [1, 12]);
    padOne = (await q<{ id: number }>("SELECT id FROM sites WHERE name = 'Pad 1'"))[0]!.id;
    const device = async (name: string, org: number) =>
      (
        await q<{ id: number }>(
          "INSERT INTO devices (name, device_type, organization_id) VALUES ($1, 'Qube', $2) RETURNING id",
          [name, org],
        )
      )[0]!.id;
    installed = await device('A-4001', f.orgA);
    stock = await device('A-4002', f.orgA);
    foreign = await device('A-4003', f.orgB);
    await q(
      'INSERT INTO device_installations (device_id, site_id, latitude, longitude, started_at) VALUES ($1, $2, 31.9, -102.1, now())',
      [installed, padOne],
    );
    power = (
      await q<{ id: number }>(
        "INSERT INTO ticket_field_options (field, name) VALUES ('symptomPrimary', 'Power') RETURNING id",
      )
    )[0]!.id;
    const data = (
      await q<{ id: number }>(
        "INSERT INTO ticket_field_options (field, name) VALUES ('symptomPrimary', 'No Data') RETURNING id",
      )
    )[0]!.id;
    battery = (
      await q<{ id: number }>(
        "INSERT INTO ticket_field_options (field, name, parent_id) VALUES ('symptomSecondary', 'Battery depleted', $1) RETURNING id",
        [power],
      )
    )[0]!.id;
    weakSignal = (
      await q<{ id: number }>(
        "INSERT INTO ticket_field_options (field, name, parent_id) VALUES ('symptomSecondary', 'No wind data', $1) RETURNING id",
        [data],
      )
    )[0]!.id;
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>, user = operator) =>
    t.as(user, {
      method: 'POST',
      url: '/api/freshdesk/freshdeskTicketCreate/',
      payload: {
        organizationId: f.orgA,
        deviceId: installed,
        subject: 'Battery flat',
        status: 0,
        priority: 0,
        ticketSource: 2,
        symptomPrimaryId: null,
        symptomSecondaryId: null,
        symptomInferenceId: null,
        nextStepId: null,
        description: null,
        ...body,
      },
    });

  it('offers the symptom options, secondaries by their primary', async () => {
    const primaries = (
      (
        await t.as(operator, {
          method: 'GET',
          url: '/api/freshdesk/freshdeskTicketFieldOptions/?fieldId=symptomPrimary',
        })
      ).json() as unknown[]
    ).map((o) => ticketFieldOptionSchema.parse(o));
    expect(primaries.map((o) => o.name)).toEqual(['No Data', 'Power']);
    const secondaries = (
      await t.as(operator, {
        method: 'GET',
        url: `/api/freshdesk/freshdeskTicketFieldOptions/?fieldId=symptomSecondary&parentChoiceId=${power}`,
      })
    ).json() as { name: string }[];
    expect(secondaries.map((o) => o.name)).toEqual(['Battery depleted']);
    expect(
      (await t.as(operator, { method: 'GET', url: '/api/freshdesk/freshdeskTicketFieldOptions/?fieldId=secret' }))
        .statusCode,
    ).toBe(400);
  });

  it('creates a ticket for an installed device only, with its rules', async () => {
    const notInstalled = await create({ deviceId: stock });
    expect(notInstalled.statusCode).toBe(400);
    expect((notInstalled.json() as { detail: string }).detail).toBe(NOT_INSTALLED_FOR_TICKET);
    const resolvedOnCreate = await create({ status: 4 });
    expect(resolvedOnCreate.statusCode).toBe(400);
    const wrongChild = await create({ symptomPrimaryId: power, symptomSecondaryId: weakSignal });
    expect((wrongChild.json() as { errors: Record<string, string[]> }).errors.symptomSecondaryId).toEqual([
      'Not an option of the chosen Symptom Primary',
    ]);
    expect((await create({ deviceId: foreign })).statusCode).toBe(404);
    const ok = await create({
      symptomPrimaryId: power,
      symptomSecondaryId: battery,
      description: 'SOC under 5% since Monday',
      status: 2,
    });
    expect(ok.statusCode).toBe(200);
    const id = ok.json() as number;
    expect(id).toBeGreaterThan(4000);

    const list = (
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/freshdesk/deviceFreshdeskTicketOptions/?organizationId=${f.orgA}&deviceId=${installed}`,
        })
      ).json() as unknown[]
    ).map((o) => ticketOptionSchema.parse(o));
    expect(list).toEqual([expect.objectContaining({ id, subject: 'Battery flat', status: 2 })]);
    const siteList = (
      await t.as(operator, {
        method: 'GET',
        url: `/api/freshdesk/siteFreshdeskTicketOptions/?organizationId=${f.orgA}&siteId=${padOne}`,
      })
    ).json() as { id: number }[];
    expect(siteList.map((o) => o.id)).toEqual([id]);
    const detail = ticketSchema.parse(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/freshdesk/freshdeskTicketDetail/?organizationId=${f.orgA}&deviceId=${installed}&ticketId=${id}`,
        })
      ).json(),
    );
    expect(detail).toMatchObject({
      subject: 'Battery flat',
      symptomPrimary: 'Power',
      symptomSecondary: 'Battery depleted',
      deviceName: 'A-4001',
      siteName: 'Pad 1',
      createdBy: 'ops@example.com',
      description: 'SOC under 5% since Monday',
    });

    await t.database.query(
      "INSERT INTO ticket_conversations (ticket_id, support_email, body_text, created_at) VALUES ($1, 'support@example.com', 'On our way', now()), ($1, NULL, 'Private: gate code 1234', now() + interval '1 minute')",
      [id],
    );
    const conversation = (
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/freshdesk/freshdeskTicketConversations/?organizationId=${f.orgA}&deviceId=${installed}&ticketId=${id}`,
        })
      ).json() as unknown[]
    ).map((c) => conversationSchema.parse(c));
    expect(conversation.map((c) => [c.supportEmail, c.bodyText])).toEqual([
      ['support@example.com', 'On our way'],
      [null, 'Private: gate code 1234'],
    ]);

    // Rows carry the ticket and its primary symptom.
    const health = deviceHealthRowSchema.parse(
      (
        (
          await t.as(operator, {
            method: 'GET',
            url: `/api/device/deviceHealth/?organizationId=${f.orgA}&deviceId=${installed}`,
          })
        ).json() as unknown[]
      )[0],
    );
    expect(health).toMatchObject({ freshdeskTickets: [{ id, status: 2 }], symptomPrimaryNames: ['Power'] });
    const sites = (
      (
        await t.as(operator, { method: 'GET', url: `/api/siteHealth/siteHealth/?organizationId=${f.orgA}` })
      ).json() as unknown[]
    ).map((s) => siteHealthRowSchema.parse(s));
    expect(sites.find((s) => s.id === padOne)).toMatchObject({
      freshdeskTickets: [{ id, status: 2 }],
      symptomPrimaryNames: ['Power'],
    });
  });

  it("never shows another organization's or another device's ticket", async () => {
    const [ticket] = await t.database.query<{ id: number }>(
      "INSERT INTO tickets (organization_id, device_id, subject, status, priority, source) VALUES ($1, $2, 'Theirs', 0, 0, 0) RETURNING id",
      [f.orgB, foreign],
    );
    expect(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/freshdesk/freshdeskTicketDetail/?organizationId=${f.orgA}&deviceId=${installed}&ticketId=${ticket!.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/freshdesk/freshdeskTicketConversations/?organizationId=${f.orgA}&deviceId=${installed}&ticketId=${ticket!.id}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/freshdesk/deviceFreshdeskTicketOptions/?organizationId=${f.orgA}&deviceId=${foreign}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.as(operator, {
          method: 'GET',
          url: `/api/freshdesk/freshdeskTicketDetail/?organizationId=${f.orgA}&ticketId=${ticket!.id}`,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.as(f.viewer, {
          method: 'GET',
          url: `/api/freshdesk/deviceFreshdeskTicketOptions/?organizationId=${f.orgA}&deviceId=${installed}`,
        })
      ).statusCode,
    ).toBe(403);
  });
});
