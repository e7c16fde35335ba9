/**
 * The console and the docs page in a real headless Chromium (Debian's `chromium`, as in
 * console.spec.ts) under the server's Content-Security-Policy, against a server started with an
 * access token: the console asks for the token, keeps it for the tab and sends it on every call;
 * neither page reports a policy violation.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createAccessControl } from '@pipeline/server-kit';
import { startServer, type RunningServer } from '../src/server';

const ROOT = path.resolve(__dirname, '../../..');
const CONSOLE_DIR = path.join(ROOT, 'dist/apps/console');
const SHOTS = path.join(ROOT, 'tmp/console-screenshots');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TOKEN = 'console-token-5b2e';

let server: RunningServer;
let dataRoot: string;
let browser: Browser;

/** A fresh page that records policy violations (DOM events and console reports) and the API calls' Authorization headers. */
async function openPage(): Promise<{ page: Page; violations: string[]; apiCalls: { url: string; authorization?: string }[] }> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const violations: string[] = [];
  const apiCalls: { url: string; authorization?: string }[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  // Page code as text: this file is compiled without the DOM's types.
  await page.addInitScript({
    content: "document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(e.violatedDirective + ' ' + e.blockedURI));",
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push({ url: request.url(), authorization: request.headers()['authorization'] });
  });
  return { page, violations, apiCalls };
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    throw new Error(`${CONSOLE_DIR} is missing: run \`npx nx build console\` (the test target depends on it)`);
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  fs.mkdirSync(SHOTS, { recursive: true });
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'console-access-'));
  // The samples' input, as the README's quick start serves it: validation checks their columns.
  fs.copyFileSync(path.join(__dirname, '../../../sample-data/employees.csv'), path.join(dataRoot, 'employees.csv'));
  server = await startServer(
    { port: 0, host: '127.0.0.1', workers: 1, queueCapacity: 100, bodyLimit: 10 * 1024 * 1024, dataRoot },
    { consoleDir: CONSOLE_DIR, shutdownGraceMs: 2_000, access: createAccessControl({ token: TOKEN }) },
  );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
});

describe('a server with an access token', () => {
  it('the console asks for the token, says when it is refused, then works with it', async () => {
    const { page, violations, apiCalls } = await openPage();
    await page.goto(`${server.url}/`);
    // The first check of the editor is refused: the dialog names the server.
    const dialog = page.locator('#token-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.locator('#token-server').textContent()).toBe(server.url);
    expect(await page.locator('#token-refused').isVisible()).toBe(false);
    await page.locator('#token-input').fill('not-the-token');
    await page.keyboard.press('Enter');
    await page.locator('#token-refused').waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SHOTS, '20-token-refused-light.png') });
    await page.locator('#token-input').fill(TOKEN);
    await page.getByRole('button', { name: 'Use token' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.locator('#validation[data-state="valid"]').waitFor();
    await page.locator('#graph:not(.stale) .node').first().waitFor();
    // Run the first sample: it reads sample paths that are not in this data root, so it fails,
    // but it was accepted, followed and listed with the token.
    await page.locator('#run').click();
    await page.locator('#job-list tbody tr[data-job-id]').first().waitFor();
    await page.locator('#job-list tbody tr[data-status="failed"], #job-list tbody tr[data-status="completed"]').first().waitFor({ timeout: 60_000 });
    expect(await page.evaluate(`sessionStorage.getItem(${JSON.stringify(`pipeline-console-token ${server.url}`)})`)).toBe(TOKEN);

    // Every call but health carried a token; after the prompt, the right one.
    const guarded = apiCalls.filter((call) => !call.url.endsWith('/api/health'));
    expect(guarded.length).toBeGreaterThan(3);
    const answered = guarded.slice(guarded.findIndex((call) => call.authorization === `Bearer ${TOKEN}`));
    expect(answered.length).toBeGreaterThan(2);
    expect(answered.every((call) => call.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(guarded.some((call) => call.authorization === 'Bearer not-the-token')).toBe(true);

    // A reload in the same tab keeps the token: no question asked.
    await page.reload();
    await page.locator('#validation[data-state="valid"]').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.locator('#token-button').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, '21-token-accepted-light.png') });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('a dismissed prompt leaves the console saying why, and the header button asks again', async () => {
    const { page, violations } = await openPage();
    await page.goto(`${server.url}/`);
    await page.locator('#token-dialog').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.locator('#validation[data-state="unreachable"]', { hasText: 'unauthorized' }).waitFor();
    await page.locator('#token-button').click();
    await page.locator('#token-input').fill(TOKEN);
    await page.keyboard.press('Enter');
    await page.locator('#validation[data-state="valid"]').waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('the docs page renders the API under its policy, without a violation', async () => {
    const { page, violations } = await openPage();
    const response = await page.goto(`${server.url}/docs/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.swagger-ui .info .title', { hasText: 'Pipeline service HTTP/JSON API' }).waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/jobs' }).first().waitFor();
    // The lock of the bearer scheme is offered.
    await page.locator('.btn.authorize').waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });
});
