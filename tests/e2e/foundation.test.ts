// Real server, real built client, real Chromium, sign-in through the built-in provider's login page.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserSuite, expectAccessible, launchBrowser, newPage, signIn, SHOTS, startServer } from './harness';
import { runKernelBenchmarks } from '../../src/compute/kernel-benchmarks';
import { loadWasmCoreFromDisk } from '../../src/compute/wasm-core-node';

const shots = SHOTS;

describe('foundation in the browser', () => {
  const suite = browserSuite();
  const server = {
    get origin() {
      return suite.server().origin;
    },
  };
  const browser = { newContext: (...args: Parameters<Browser['newContext']>) => suite.browser().newContext(...args) };

  it('signs in a provider administrator, shows the shell and the organizations screen', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'provider.admin@example.com', '/organizations');
    await page.getByRole('heading', { name: 'Organizations', level: 1 }).waitFor();
    await expect.poll(() => page.url()).toContain('/organizations');
    await page.getByRole('cell', { name: 'Red Mesa Energy', exact: true }).waitFor();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText('demo environment').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${shots}/organizations.png` });
    await expectAccessible(page);

    // Account menu: e-mail, role, organization, time zone, version.
    await page.getByLabel('Account menu').click();
    const menu = page.locator('details[open] .dropdown-content');
    await expect(menu.getByText('Qube Admin').isVisible()).resolves.toBe(true);
    await expect(menu.getByText('America/Edmonton').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu.isVisible()).resolves.toBe(false);

    // A deleted organization selected: the red banner.
    await page.getByLabel('Show Deleted').check();
    await page.getByRole('cell', { name: 'Prairie Sky Petroleum', exact: true }).waitFor();
    await page.getByLabel('Organization', { exact: true }).selectOption({ label: 'Prairie Sky Petroleum (DELETED)' });
    await page.getByText('DELETED ORGANIZATION').waitFor();
    await page.getByText('Organization changed').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lets an organization administrator switch organizations and denies a page without permission', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com');
    // '/' lands on the Overview, scoped to the selected organization.
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/overview');
    await expect.poll(() => new URL(page.url()).searchParams.get('organizationId')).not.toBeNull();
    await page.getByRole('region', { name: 'Emissions by Site' }).locator('tbody tr').first().waitFor();
    // Only screens the user may open are in the navigation bar.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).count(),
    ).resolves.toBe(0);
    const switcher = page.getByLabel('Organization', { exact: true });
    const before = await switcher.inputValue();
    const options = await switcher.locator('option').allTextContents();
    expect(options).toEqual(['Northern Lights Resources', 'Red Mesa Energy']);
    await switcher.selectOption({
      index: before === (await switcher.locator('option').first().getAttribute('value')) ? 1 : 0,
    });
    await page.getByText('Organization changed').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('organizationId')).not.toBe(before);
    await page.screenshot({ path: `${shots}/org-admin-home.png` });
    await expectAccessible(page);

    // A screen the role does not grant: access denied, with the spec's text.
    await page.goto(`${server.origin}/organizations`);
    await page.waitForURL(/\/oidc\/|\/accessDenied/);
    if (page.url().includes('/oidc/')) await page.waitForURL(/\/accessDenied/);
    await page
      .getByText(
        'You do not currently have access to that page. Please send an email to support@example.com to request access.',
      )
      .waitFor();
    await expect(page.getByRole('button', { name: 'Overview' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${shots}/access-denied.png` });
    await expectAccessible(page);

    // An organization the user does not belong to.
    await page.goto(`${server.origin}/?organizationId=999999`);
    await page.getByText('You do not currently have access to that organization.', { exact: false }).waitFor();
    expect(problems.filter((p) => !p.includes('403'))).toEqual([]);
    await context.close();
  });

  it('keeps the signed-in user across a reload, renews an expired token with the refresh token, and says when it cannot', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'viewer@example.com', '/sites');
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    const visits: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/oidc/')) visits.push(`${r.method()} ${url.pathname}`);
    });
    const storedUser = () =>
      page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith('oidc.user:')) ?? null);
    const userKey = await storedUser();
    expect(userKey).not.toBeNull();

    // A reload is signed in at once: no trip through the provider.
    await page.reload();
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    expect(visits).toEqual([]);

    // An expired access token with a refresh token: renewed silently by the token endpoint, the page stays.
    const ageToken = (refreshToken?: string) =>
      page.evaluate(
        ([key, refresh]) => {
          const user = JSON.parse(localStorage.getItem(key!)!) as { expires_at: number; refresh_token?: string };
          user.expires_at = Math.floor(Date.now() / 1000) - 60;
          if (refresh) user.refresh_token = refresh;
          localStorage.setItem(key!, JSON.stringify(user));
        },
        [userKey, refreshToken] as const,
      );
    await ageToken();
    await page.reload();
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    expect(visits).toContain('POST /oidc/token');
    expect(visits.filter((v) => v.startsWith('GET /oidc/auth'))).toEqual([]);

    // A refresh token the provider refuses: the spec's expired-session message with Login, not a silent bounce.
    await ageToken('not-a-refresh-token');
    await page.reload();
    await page.getByText('Your session has expired, please login again.').waitFor();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await storedUser()).toBeNull();
    await expectAccessible(page);
    // The refused renewal is the one expected failure on the wire.
    expect(problems.filter((p) => !/\/oidc\/token|400|401/.test(p))).toEqual([]);
    await context.close();
  });

  it('logs out through the provider so the next visit asks for the password again', async () => {
    const context = await browser.newContext();
    const { page } = await newPage(context);
    await signIn(page, server.origin, 'viewer@example.com', '/sites');
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    // No delete action without SiteDeleteRestore.
    await page.getByText(/^Rows: \d+\/\d+$/).waitFor();
    await expect(page.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    await page.getByLabel('Account menu').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname.startsWith('/oidc'));
    await page.goto(server.origin);
    await page.getByLabel(/e-?mail/i).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('deletes and restores a site with the confirmation text and toasts', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/sites');
    await page.getByRole('heading', { name: 'Sites', level: 1 }).waitFor();
    const footer = page.getByText(/^Rows: \d+\/\d+$/);
    await footer.waitFor();
    const before = await footer.textContent();
    const firstDelete = page.getByRole('button', { name: /^Delete / }).first();
    const siteName = (await firstDelete.getAttribute('aria-label'))!.replace(/^Delete /, '');
    await firstDelete.click();
    await page
      .getByText('Deleting a site will remove it and any associated information from the dashboard.', { exact: false })
      .waitFor();
    await page.screenshot({ path: `${shots}/site-delete-confirm.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Site deleted').waitFor();
    await expect.poll(() => footer.textContent()).not.toBe(before);
    await page.getByLabel('Show Deleted').check();
    await page.getByRole('button', { name: `Restore ${siteName}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Site restored').waitFor();
    await page.getByRole('button', { name: `History of ${siteName}` }).click();
    await page.getByRole('dialog').getByRole('cell', { name: 'deletedAt' }).first().waitFor();
    await expect(page.getByRole('dialog').getByRole('cell', { name: 'org.admin@example.com' }).count()).resolves.toBe(
      2,
    );
    await page.screenshot({ path: `${shots}/site-history.png` });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${shots}/sites.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows Site Health with freshness colours and quick filters', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/siteHealth');
    await page.getByRole('heading', { name: 'Site Health', level: 1 }).waitFor();
    const footer = page.getByText(/^Rows: \d+\/\d+$/);
    // The footer reads 'Rows: 0/0' until the rows arrive.
    await expect
      .poll(async () => Number(/\/(\d+)/.exec((await footer.textContent()) ?? '')?.[1] ?? 0), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const all = Number(/\/(\d+)/.exec((await footer.textContent())!)![1]);
    await page.getByRole('button', { name: 'Model Issues' }).click();
    await expect.poll(async () => Number(/Rows: (\d+)/.exec((await footer.textContent())!)![1])).toBeLessThan(all);
    await expect(page.locator('.badge-error').count()).resolves.toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Model Issues' }).click();
    await page.screenshot({ path: `${shots}/site-health.png` });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds, edits and removes an organization user, and never oneself', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'org.admin@example.com', '/users');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expect(page.getByRole('button', { name: 'You cannot remove yourself' }).isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please enter a valid email').waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill('new.analyst@example.com');
    await dialog.getByLabel('Role').selectOption({ label: 'Viewer' });
    await page.screenshot({ path: `${shots}/user-add.png` });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User added').waitFor();
    await page.getByRole('cell', { name: 'new.analyst@example.com', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit new.analyst@example.com' }).click();
    await expect(
      page.getByRole('dialog').getByLabel('Email', { exact: true }).getAttribute('readonly'),
    ).resolves.not.toBeNull();
    await page.getByRole('dialog').getByLabel('Role').selectOption({ label: 'Operator' });
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('User edited').waitFor();
    await page.getByRole('button', { name: 'Delete new.analyst@example.com' }).click();
    await page.getByText('This will remove the user from this organization.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User deleted').waitFor();
    // The toast can show before the list's refetch lands, so wait for the row to go rather than count once.
    await page.getByRole('cell', { name: 'new.analyst@example.com', exact: true }).waitFor({ state: 'detached' });
    await expectAccessible(page);
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await context.close();
  });

  it('runs the wasm kernels in a worker on the benchmarks page and charts the speed-ups', async () => {
    const context = await browser.newContext();
    const { page, problems } = await newPage(context);
    await signIn(page, server.origin, 'viewer@example.com', '/benchmarks');
    await page.getByRole('heading', { name: 'Benchmarks', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Run benchmarks' }).click();
    // The same suite in Node on the same 1M points while the page runs (what npm run bench prints, at 10M).
    const node = await runKernelBenchmarks(await loadWasmCoreFromDisk(), 1_000_000);
    await page.getByRole('img', { name: /speed-up of wasm over each row/ }).waitFor({ timeout: 100_000 });
    const column = (k: number) => page.locator(`tbody tr td:nth-child(${k})`).allTextContents();
    // Row by row the page shows npm run bench's kernels, peers and checks (every check passed before its timing).
    expect(await column(2)).toEqual(node.map((r) => r.kernel));
    expect(await column(3)).toEqual(node.map((r) => r.peer));
    expect(await column(4)).toEqual(node.map((r) => r.check));
    const ratios = await column(7);
    expect(ratios).toHaveLength(17);
    for (const r of ratios) expect(Number.parseFloat(r), ratios.join(' ')).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/benchmarks.png`, fullPage: true });
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the unsubscribe outcome without signing in', async () => {
    const context = await browser.newContext();
    const { page } = await newPage(context);
    await page.goto(`${server.origin}/unsubscribe/demo-unsubscribe-token`);
    await page.getByText(/You have been unsubscribed/).waitFor();
    await page.goto(`${server.origin}/unsubscribe/not-a-token`);
    await page.getByText(/The unsubscribe link is invalid or out of date/).waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

describe('maintenance', () => {
  it('shows the Under Maintenance page with Reload when the flag is set', async () => {
    const [server, browser] = await Promise.all([startServer({ MAINTENANCE: '1' }), launchBrowser()]);
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(server.origin);
      await page.getByRole('heading', { name: 'Under Maintenance' }).waitFor();
      await expect(page.getByRole('button', { name: 'Reload' }).isVisible()).resolves.toBe(true);
      const res = await fetch(`${server.origin}/api/user/currentUser/`);
      expect(res.status).toBe(503);
      await page.screenshot({ path: `${shots}/maintenance.png` });
      await expectAccessible(page);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
