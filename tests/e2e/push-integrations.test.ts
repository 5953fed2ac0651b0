// Push integrations in Chromium: on /integrations?tab=PushApi an administrator adds an integration (an http:// URL is
// refused with the spec's message first), edits it (the data type is fixed), opens its execution history (nothing
// delivered yet) and deletes it after the spec's confirmation. Then the real server's push worker delivers new site
// rates to a real HTTPS receiver (an external system, so the test runs one, with a certificate the server trusts
// through PUSH_CA_FILE): a refused first attempt and its retry show in Execution History and Execution Details.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES } from '@/domain/integration';
import { makeLoopbackCertificate } from '../helpers/test-cert';
import { browserSuite, expectAccessible, newPage, signIn, SHOTS } from './harness';

// The certificate exists before the server starts, since the server reads PUSH_CA_FILE at start.
const certDir = mkdtempSync(path.join(tmpdir(), 'e2e-push-'));
const { key: certKey, cert: certPem } = makeLoopbackCertificate(certDir);

describe('push integrations in the browser', () => {
  // The receiver is on 127.0.0.1, which push delivery refuses unless the operator allows it.
  const suite = browserSuite({
    PUSH_CA_FILE: path.join(certDir, 'cert.pem'),
    PUSH_TICK_MS: '1000',
    PUSH_ALLOW_CIDRS: '127.0.0.1/32',
  });
  const origin = () => suite.server().origin;
  const bodies: string[] = [];
  let receiver: Server;
  let receiverUrl = '';

  beforeAll(async () => {
    // Refuses its first request, then accepts: the worker records the failure and retries from the same bookmark.
    receiver = createServer({ key: certKey, cert: certPem }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        if (bodies.length === 1) res.writeHead(503, { 'content-type': 'text/plain' }).end('receiver warming up');
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"accepted":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/rates`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((r) => receiver.close(r));
    rmSync(certDir, { recursive: true, force: true });
  });

  it('adds, edits, shows the execution history of and deletes a push integration', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    await signIn(page, origin(), 'org.admin@example.com', '/integrations?tab=PushApi');
    await page.waitForURL(/\/integrations\?.*tab=PushApi/);
    await page.getByRole('button', { name: 'Add Integration' }).waitFor({ timeout: 20_000 });

    // Add: an http:// URL is refused in the form with the spec's text.
    await page.getByRole('button', { name: 'Add Integration' }).click();
    const add = page.getByRole('dialog', { name: 'Add Integration' });
    await add.getByLabel('Name').fill('E2E warehouse feed');
    await add.getByLabel('Data Type').selectOption({ label: 'Emission Rates' });
    await add.getByLabel('Request URL').fill('http://hooks.example.com/in');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INTEGRATION_MESSAGES.urlHttps).waitFor();
    await add.getByLabel('Request URL').fill('https://hooks.example.com/e2e/rates');
    await add.getByRole('button', { name: 'Add Header' }).click();
    await add.getByLabel('Header 1 key').fill('Authorization');
    await add.getByLabel('Header 1 value').fill('Bearer e2e-token');
    await add.getByLabel('Max Request Size (bytes)').fill('500');
    await add.getByRole('button', { name: 'Save' }).click();
    await add.getByText(INTEGRATION_MESSAGES.maxRequestSize).waitFor();
    await add.getByLabel('Max Request Size (bytes)').fill('20000');
    await add.getByLabel('Enabled').uncheck();
    await add.screenshot({ path: `${SHOTS}/push-integration-add.png` });
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText(INTEGRATION_MESSAGES.added).waitFor();
    await add.waitFor({ state: 'detached' });
    const grid = page.getByRole('table', { name: 'Push integrations' });
    const row = grid.getByRole('row').filter({ hasText: 'E2E warehouse feed' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Emission Rates');
    expect(await row.textContent()).toContain('https://hooks.example.com/e2e/rates');

    // Edit: the saved values come back and the data type cannot change.
    await page.getByRole('button', { name: 'Edit E2E warehouse feed', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Integration' });
    await edit.getByLabel('Name').waitFor();
    expect(await edit.getByLabel('Data Type').isDisabled()).toBe(true);
    expect(await edit.getByLabel('Header 1 value').inputValue()).toBe('Bearer e2e-token');
    expect(await edit.getByLabel('Max Request Size (bytes)').inputValue()).toBe('20000');
    await edit.getByLabel('Name').fill('E2E warehouse feed 2');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(INTEGRATION_MESSAGES.edited).waitFor();
    await grid.getByRole('row').filter({ hasText: 'E2E warehouse feed 2' }).waitFor();

    // Execution history: nothing has been delivered (the integration is disabled); Escape closes it.
    await page.getByRole('button', { name: 'Execution history of E2E warehouse feed 2' }).click();
    const executions = page.getByRole('dialog', { name: 'Execution History: E2E warehouse feed 2' });
    await executions.getByText(INTEGRATION_MESSAGES.noExecutions).waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await executions.waitFor({ state: 'detached' });

    // The audit history shows the edit.
    await page.getByRole('button', { name: 'History of E2E warehouse feed 2', exact: true }).click();
    const audit = page.getByRole('dialog', { name: 'History: E2E warehouse feed 2' });
    await audit.getByRole('cell', { name: 'E2E warehouse feed 2' }).waitFor();
    await page.keyboard.press('Escape');
    await audit.waitFor({ state: 'detached' });

    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/push-integrations.png` });

    // Delete after the spec's confirmation.
    await page.getByRole('button', { name: 'Delete E2E warehouse feed 2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Integration' });
    await confirm.getByText(INTEGRATION_MESSAGES.deleteConfirm('E2E warehouse feed 2')).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(INTEGRATION_MESSAGES.deleted).waitFor();
    await grid.getByRole('row').filter({ hasText: 'E2E warehouse feed 2' }).waitFor({ state: 'detached' });

    expect(problems).toEqual([]);
    await context.close();
  });

  it('delivers new emission rates to a real HTTPS receiver and shows the failure, the retry and their details', async () => {
    const context = await suite.browser().newContext({ viewport: { width: 1500, height: 1000 } });
    const { page, problems } = await newPage(context);
    // The journey borrows the token the console's own calls carry.
    let token = '';
    page.on('request', (r) => {
      const auth = r.headers().authorization;
      if (r.url().includes('/api/') && auth?.startsWith('Bearer ')) token = auth.slice(7);
    });
    await signIn(page, origin(), 'org.admin@example.com', '/integrations?tab=PushApi');
    await page.waitForURL(/organizationId=\d+/);
    const organizationId = Number(new URL(page.url()).searchParams.get('organizationId'));
    await page.getByRole('button', { name: 'Add Integration' }).click();
    const add = page.getByRole('dialog', { name: 'Add Integration' });
    await add.getByLabel('Name').fill('Receiver feed');
    await add.getByLabel('Data Type').selectOption({ label: 'Emission Rates' });
    await add.getByLabel('Request URL').fill(receiverUrl);
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText(INTEGRATION_MESSAGES.added).waitFor();

    // The modelling pipeline reports the next hour of one site's rate through the real ingestion call.
    expect(token).not.toBe('');
    const siteId = await page.evaluate(
      async ({ org, token }) => {
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const [site] = (await (await fetch(`/api/site/siteList/?organizationId=${org}`, { headers })).json()) as {
          id: number;
        }[];
        const start = Math.ceil(Date.now() / 900_000) * 900_000 + 900_000;
        const rates = Array.from({ length: 4 }, (_, i) => ({
          time: new Date(start + i * 900_000).toISOString(),
          rate: 2 + i,
          lower: 1,
          upper: 6,
        }));
        const res = await fetch('/api/data/ingestSiteRates/', {
          method: 'POST',
          headers,
          body: JSON.stringify({ organizationId: org, siteId: site!.id, rates }),
        });
        if (!res.ok) throw new Error(await res.text());
        return site!.id;
      },
      { org: organizationId, token },
    );
    await expect.poll(() => bodies.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(bodies[1]).toBe(bodies[0]);
    const sent = JSON.parse(bodies[1]!) as { dataType: string; records: { siteId: number }[] };
    expect(sent.dataType).toBe('Emission Rates');
    expect(sent.records.map((r) => r.siteId)).toEqual([siteId, siteId, siteId, siteId]);

    await page.getByRole('button', { name: 'Execution history of Receiver feed', exact: true }).click();
    const executions = page.getByRole('dialog', { name: 'Execution History: Receiver feed' });
    const successes = executions.getByRole('table', { name: 'Successes' });
    const failures = executions.getByRole('table', { name: 'Failures' });
    await successes.waitFor();
    await failures.getByRole('cell', { name: '503' }).waitFor();
    await executions.screenshot({ path: `${SHOTS}/push-execution-history.png` });
    await successes
      .getByRole('button', { name: /^Details of the execution at / })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: 'Execution Details' });
    await details.getByText('Status 200').waitFor();
    expect(await details.getByLabel('Bookmark').textContent()).toContain(`"${siteId}"`);
    const requestBody = details.getByLabel('Request 1 body');
    expect(await requestBody.textContent()).toContain('"Emission Rates"');
    expect(await requestBody.getAttribute('tabindex')).toBe('0');
    await expectAccessible(page);
    await details.screenshot({ path: `${SHOTS}/push-execution-details.png` });
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await failures
      .getByRole('button', { name: /^Details of the execution at / })
      .first()
      .click();
    await details.getByText('receiver warming up').waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    // Closing the history refreshes the list's 24-hour counts: one success, one failure.
    await page.keyboard.press('Escape');
    await executions.waitFor({ state: 'detached' });
    const row = page
      .getByRole('table', { name: 'Push integrations' })
      .getByRole('row')
      .filter({ hasText: 'Receiver feed' });
    await expect.poll(async () => (await row.getByRole('cell').allTextContents()).slice(3, 5)).toEqual(['1', '1']);

    expect(problems).toEqual([]);
    await context.close();
  });
});
