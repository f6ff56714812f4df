// Issue 24 §2: every studio screen fits a phone. At 360 and 390 px the document is never wider than
// the viewport (no sideways scrolling of the page; wide tables scroll inside themselves), on every
// route of the studio (apps/web/src/app/router.tsx), as the demo studio admin. Runs on any project:
// the widths are set here, a phone's touch and user agent come with the project.
import { expect, test, type Page } from '@playwright/test';
import { snap } from './support';
import { signInToStudio } from './support/studio';

// The studio's screens without an id, in the navbar's order.
const LIST_ROUTES = [
  '/studio',
  '/studio/customers',
  '/studio/companies',
  '/studio/shoots',
  '/studio/shoots/new',
  '/studio/orders',
  '/studio/bookings',
  '/studio/calendars',
  '/studio/appointment-types',
  '/studio/invites',
  '/studio/activity',
  '/studio/surveys',
  '/studio/jobs',
  '/studio/prices',
  '/studio/coupons',
  '/studio/staff',
];

// The screens of one thing, reached from the first link to one on the page that lists them.
const DETAIL_ROUTES = [
  { list: '/studio/customers', link: /^\/studio\/customers\/\d+$/ },
  { list: '/studio/companies', link: /^\/studio\/companies\/\d+$/ },
  { list: '/studio/customers/1', link: /^\/studio\/sessions\/\d+$/ },
  { list: '/studio/orders', link: /^\/studio\/orders\/\d+$/ },
  { list: '/studio/shoots', link: /^\/studio\/shoots\/\d+$/ },
];

async function firstLink(page: Page, list: string, pattern: RegExp): Promise<string | null> {
  await page.goto(list);
  await page.waitForLoadState('networkidle');
  const hrefs = await page.locator('#studio-content a[href^="/studio/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((href) => pattern.test(href)) ?? null;
}

async function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
}

for (const width of [360, 390]) {
  test(`every studio screen fits ${width} px without sideways scrolling`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 844 });
    await signInToStudio(page);

    const routes = [...LIST_ROUTES];
    for (const detail of DETAIL_ROUTES) {
      const href = await firstLink(page, detail.list, detail.link);
      // The demo data has no orders or shoots: their screens are walked when there is one.
      if (href) routes.push(href);
      else test.info().annotations.push({ type: 'skipped route', description: `no link like ${detail.link} on ${detail.list}` });
    }

    const tooWide: string[] = [];
    for (const route of routes) {
      await test.step(route, async () => {
        await page.goto(route);
        await expect(page.locator('#studio-content h1').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        const measured = await documentWidth(page);
        if (measured > width) tooWide.push(`${route}: ${measured} px`);
        await snap(page, `studio-width-${width}${route.replaceAll('/', '-')}`, { fullPage: false });
      });
    }
    expect(tooWide, `studio screens wider than ${width} px`).toEqual([]);
  });
}
