// Accessibility check with axe-core: fails on serious or critical violations and prints them all.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export interface A11yOptions {
  /** CSS selectors to leave out (e.g. a third-party widget). */
  exclude?: string[];
  /** axe rule ids to switch off, each with a reason in the calling spec. */
  disableRules?: string[];
  /** A label for the printed report; defaults to the page path. */
  label?: string;
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const FAILING = new Set(['serious', 'critical']);

function describe(v: Violation): string {
  const nodes = v.nodes
    .slice(0, 8)
    .map((n) => `      ${n.target.join(' ')}${n.failureSummary ? `\n        ${n.failureSummary.replace(/\n/g, '\n        ')}` : ''}`)
    .join('\n');
  const more = v.nodes.length > 8 ? `\n      … and ${v.nodes.length - 8} more` : '';
  return `  [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
}

export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  // Let the screen settle: pending requests, fonts, and Mantine's enter transitions.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A notification fading in or out has its text at part opacity, which axe reads as low contrast
  // (a flaky color-contrast on a toast's description): wait for finite transitions to end.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);

  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();

  const label = options.label ?? new URL(page.url()).pathname;
  const project = test.info().project.name;
  await test.info().attach(`axe ${label}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });

  const failing = results.violations.filter((v) => FAILING.has(v.impact ?? ''));
  const other = results.violations.filter((v) => !FAILING.has(v.impact ?? ''));
  if (other.length) {
    console.log(`axe (${project}) ${label}: ${other.length} minor/moderate violation(s), not failing:\n${other.map(describe).join('\n')}`);
  }
  if (failing.length) {
    console.log(`axe (${project}) ${label}: ${failing.length} serious/critical violation(s):\n${failing.map(describe).join('\n')}`);
  }
  expect(
    failing.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `serious/critical axe violations on ${label} (${project})`,
  ).toEqual([]);
}
