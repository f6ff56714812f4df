import { chromium } from 'playwright-core';
import { startServer } from './lib/server';
const server = await startServer({ DEMO_DATA: 'on', WEB_DIST: '/tmp/fs-dist' }, { startupTimeoutMs: 180_000 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, `${e.type} ${e.response.url.replace(server.url, '')}`));
  cdp.on('Network.loadingFinished', (e) => console.log((e.encodedDataLength / 1024).toFixed(1).padStart(7), urls.get(e.requestId)));
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  console.log('--- signing in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('demo@studio-gallery.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('photo-card').nth(11).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: '/tmp/fs/desktop-main.png' });
} finally { await browser.close(); await server.stop(); }
