// Deep links land (issue 25): provider staff working in another organization open the featured site's dashboard, its
// edit page and its device by link and land on them in the site's organization, told so; a link to a record that does
// not exist (or is out of reach) says 'Not found or no access' instead of bouncing to the landing page.
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/contracts/current-user';
import { browserSuite, expectAccessible, findFeaturedSite, newPage, signIn, SHOTS } from './harness';

describe('deep links from another organization', () => {
  const suite = browserSuite();

  it('opens site, site edit and device links in their organization, and says when a link leads nowhere', async () => {
    const featured = await findFeaturedSite(suite);
    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 1000 } });
    const { page, problems } = await newPage(context);
    const userLoaded = page.waitForResponse((r) => r.url().includes('/api/user/currentUser/') && r.ok());
    await signIn(page, suite.server().origin, 'provider.admin@example.com', '/');
    const user = (await (await userLoaded).json()) as CurrentUser;
    const other = user.userOrganizations.find((o) => o.id !== featured.organizationId && !o.deleted)!;
    const origin = suite.server().origin;

    // Work in another organization (it becomes the last used one), then open the links as full page loads.
    await page.goto(`${origin}/overview?organizationId=${other.id}`);
    await page.getByRole('heading', { name: 'Overview' }).first().waitFor();
    await page.goto(`${origin}/site/${featured.siteId}`);
    await page.getByRole('heading', { name: `${featured.siteName} Dashboard` }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('organizationId')).toBe(String(featured.organizationId));
    await page.getByText(/^Switched to .*, which owns this site$/).waitFor();

    await page.goto(`${origin}/overview?organizationId=${other.id}`);
    await page.getByRole('heading', { name: 'Overview' }).first().waitFor();
    await page.goto(`${origin}/site/${featured.siteId}/edit`);
    await page.getByRole('heading', { name: `${featured.siteName} Edit` }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).searchParams.get('organizationId')).toBe(String(featured.organizationId));

    await page.goto(`${origin}/overview?organizationId=${other.id}`);
    await page.getByRole('heading', { name: 'Overview' }).first().waitFor();
    await page.goto(`${origin}/device/${featured.deviceName}`);
    await page.getByRole('heading', { name: featured.deviceName }).waitFor({ timeout: 60_000 });
    await page.getByText(`at ${featured.siteName}`).waitFor();
    expect(new URL(page.url()).searchParams.get('organizationId')).toBe(String(featured.organizationId));

    // Changing organization on the page afterwards asks, naming the owner, instead of switching back.
    await page.getByLabel('Organization').selectOption(String(other.id));
    const owner = user.userOrganizations.find((o) => o.id === featured.organizationId)!;
    await page.getByRole('button', { name: `Open in ${owner.name}` }).click();
    await page.getByText(`at ${featured.siteName}`).waitFor();

    for (const path of [
      '/site/999999',
      '/site/999999/edit',
      '/device/NO-SUCH-DEVICE',
      '/alarm/garbage',
      '/emission/999999',
      '/inspection/999999',
    ]) {
      await page.goto(origin + path);
      await page.getByRole('heading', { name: 'Not found or no access' }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/deep-link-not-found.png` });
    expect(problems.filter((p) => !/404|Not Found/i.test(p))).toEqual([]);
    await context.close();
  });

  it("switches an administrator of two organizations to the site's, and shows a one-organization user 'Not found or no access'", async () => {
    const featured = await findFeaturedSite(suite);
    const origin = suite.server().origin;
    const adminContext = await suite.browser().newContext({ viewport: { width: 1440, height: 1000 } });
    const { page: admin } = await newPage(adminContext);
    const userLoaded = admin.waitForResponse((r) => r.url().includes('/api/user/currentUser/') && r.ok());
    await signIn(admin, origin, 'org.admin@example.com', `/overview?organizationId=${featured.organizationId}`);
    const user = (await (await userLoaded).json()) as CurrentUser;
    const second = user.userOrganizations.find((o) => o.id !== featured.organizationId)!;
    const siteId = second.sites[0]!.id;
    await admin.getByRole('heading', { name: 'Overview' }).first().waitFor();
    await admin.goto(`${origin}/site/${siteId}`);
    await admin.getByRole('heading', { name: / Dashboard$/ }).waitFor({ timeout: 60_000 });
    expect(new URL(admin.url()).searchParams.get('organizationId')).toBe(String(second.id));
    await adminContext.close();

    const context = await suite.browser().newContext({ viewport: { width: 1440, height: 1000 } });
    const { page } = await newPage(context);
    await signIn(page, origin, 'viewer@example.com', `/site/${siteId}`);
    await page.getByRole('heading', { name: 'Not found or no access' }).waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe(`/site/${siteId}`);
    await expectAccessible(page);
    await context.close();
  });
});
