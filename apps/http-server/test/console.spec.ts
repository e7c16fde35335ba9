/**
 * The web console, driven in a real headless Chromium (Debian's `chromium` package; never a
 * downloaded browser) through playwright-core against a real server on port 0 serving the built
 * console (`nx build console`, which this project's test target depends on). Each step leaves a
 * screenshot in tmp/console-screenshots/ (git-ignored), or in the folder CONSOLE_SCREENSHOTS
 * names, for a person to look at.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../src/server';
import { BIG_ROWS, EMPLOYEES_CSV, SLOW_FILTER, pipelineYaml, postJson, request, writeBigCsv } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const CONSOLE_DIR = path.join(ROOT, 'dist/apps/console');
const SHOTS = process.env['CONSOLE_SCREENSHOTS'] || path.join(ROOT, 'tmp/console-screenshots');
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Line 12 is indented one column too far for the mapping it belongs to: a YAML parse error there.
const BROKEN = [
  'version: "3.0"', // 1
  'pipeline:', // 2
  '  name: console-test', // 3
  '  assets:', // 4
  '    - asset_ref: raw', // 5
  '      source:', // 6
  '        input: { format: csv, path: staff.csv }', // 7
  '    - asset_ref: well_paid', // 8
  '      source:', // 9
  '        where:', // 10
  '          from: raw', // 11
  '           filter: "salary > 50000"', // 12
  '    - asset_ref: names', // 13
  '      source:', // 14
  '        select: { from: well_paid, columns: [name, department] }', // 15
  '    - asset_ref: result', // 16
  '      source:', // 17
  '        output: { from: names, format: csv, path: "${OUT}", mode: overwrite }', // 18
].join('\n');

const SLOW = [
  'version: "3.0"',
  'pipeline:',
  '  name: slow',
  '  assets:',
  '    - asset_ref: big',
  '      source:',
  '        input: { format: csv, path: big.csv }',
  '    - asset_ref: kept',
  '      source:',
  `        where: { from: big, filter: "${SLOW_FILTER}" }`,
  '    - asset_ref: out',
  '      source:',
  '        output: { from: kept, format: csv, path: out/slow.csv, mode: overwrite }',
].join('\n');

// 5 orders: amount NULL once, status "lost" once; a passing suite and a warning one.
const ORDERS_CSV = ['order_id,customer_id,amount,status', '1,1,10,paid', '2,2,20,paid', '3,1,,open', '4,9,40,lost', '5,2,30,paid', ''].join('\n');
const QUALITY = [
  'version: "3.0"',
  'pipeline:',
  '  name: orders-checked',
  '  assets:',
  '    - asset_ref: orders',
  '      source:',
  '        input: { format: csv, path: orders.csv }',
  '    - asset_ref: orders_out',
  '      source:',
  '        output: { from: orders, format: csv, path: out/orders.csv, mode: overwrite }',
  'quality:',
  '  - suite: orders-ok',
  '    target: orders',
  '    checks:',
  '      - { type: volume, rowCount: { between: [1, 10] } }',
  '  - suite: orders-soft',
  '    target: orders',
  '    severity: warn',
  '    checks:',
  '      - { type: validity, column: status, acceptedValues: [paid, open] }',
].join('\n');

// A small job another client submits while the console shows the list.
const SMALL_ELSEWHERE = pipelineYaml('staff.csv', 'out/elsewhere.csv');

let server: RunningServer;
let dataRoot: string;
let browser: Browser;
let page: Page;

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Replaces the whole editor text, as a paste would. */
async function setEditorText(text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The 1-based numbers of the editor lines marked as holding an error. */
async function errorLines(): Promise<number[]> {
  const marked = await page.locator('.cm-content > .cm-line').evaluateAll((lines) =>
    lines.map((line, i) => (line.classList.contains('cm-line-error') ? i + 1 : 0)).filter((n) => n > 0),
  );
  return marked;
}

/** Every node of the graph as `id role kind wave`, and every edge as `from->to`, sorted. */
async function drawnGraph(): Promise<{ nodes: string[]; edges: string[] }> {
  const nodes = await page
    .locator('#graph .node')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-id')} ${el.getAttribute('data-role')} ${el.getAttribute('data-kind')} ${el.getAttribute('data-wave')}`));
  const edges = await page
    .locator('#graph .edge')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-from')}->${el.getAttribute('data-to')}`));
  return { nodes: nodes.sort(), edges: edges.sort() };
}

beforeAll(async () => {
  if (!fs.existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    throw new Error(`${CONSOLE_DIR} is missing: run \`npx nx build console\` (the test target depends on it)`);
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  fs.mkdirSync(SHOTS, { recursive: true });
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  fs.writeFileSync(path.join(dataRoot, 'staff.csv'), EMPLOYEES_CSV);
  // The samples' input, as the README's quick start serves it: validation checks their columns.
  fs.copyFileSync(path.join(ROOT, 'sample-data/employees.csv'), path.join(dataRoot, 'employees.csv'));
  writeBigCsv(path.join(dataRoot, 'big.csv'), BIG_ROWS);
  fs.writeFileSync(path.join(dataRoot, 'orders.csv'), ORDERS_CSV);
  server = await startServer(
    { port: 0, host: '127.0.0.1', workers: 1, queueCapacity: 100, bodyLimit: 10 * 1024 * 1024, dataRoot },
    { consoleDir: CONSOLE_DIR, shutdownGraceMs: 2_000 },
  );
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // A common laptop screen.
  page = await browser.newPage({ viewport: { width: 1366, height: 768 }, colorScheme: 'light' });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
});

describe('static console files', () => {
  it('serves the console at / and leaves /api and unknown paths as they were', async () => {
    const index = await fetch(`${server.url}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await index.text()).toContain('<title>Pipeline console</title>');
    expect((await fetch(`${server.url}/console.js`)).headers.get('content-type')).toMatch(/javascript/);
    expect(await request(`${server.url}/api/nope`)).toMatchObject({ status: 404, body: { error: 'no route GET /api/nope' } });
    expect(await request(`${server.url}/nope.html`)).toMatchObject({ status: 404, body: { error: 'no route GET /nope.html' } });
    expect(await request(`${server.url}/`, { method: 'POST' })).toMatchObject({ status: 404, body: { error: 'no route POST /' } });
  });
});

describe('the console in Chromium', () => {
  it('opens with the first sample pipeline, valid and drawn', async () => {
    // The samples are sample-data/pipelines/*.yaml in name order; the first is in the editor.
    const samples = fs.readdirSync(path.join(ROOT, 'sample-data/pipelines')).filter((name) => name.endsWith('.yaml')).sort();
    const first = fs.readFileSync(path.join(ROOT, 'sample-data/pipelines', samples[0]), 'utf8');
    const assets = [...first.matchAll(/asset_ref: (\S+)/g)].map((match) => match[1]).sort();
    await page.goto(`${server.url}/`);
    await page.locator('#validation[data-state="valid"]').waitFor().catch(async () => {
      throw new Error(`not valid: ${await page.locator('#validation').textContent()}`);
    });
    await page.locator(`#graph:not(.stale) .node[data-id="${assets[0]}"]`).waitFor();
    expect(await page.locator('#sample option:not([data-edited])').allTextContents()).toEqual(samples);
    expect((await drawnGraph()).nodes.map((node) => node.split(' ')[0])).toEqual(assets);
    // Each `${NAME:default}` of the text is offered in the variables table with its default.
    const offered = [...first.matchAll(/^[^#\n]*\$\{([A-Za-z0-9_.]+):([^}]*)\}/gm)].map((match) => [match[1], match[2]]);
    expect(offered.length).toBeGreaterThan(0);
    expect(
      await page.locator('#variable-rows tr').evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('input')].map((input) => (input as unknown as { value: string }).value)),
      ),
    ).toEqual(offered);
    await shot('01-open-light');
  });

  it('keeps the sample picker naming what the editor holds', async () => {
    const samples = fs.readdirSync(path.join(ROOT, 'sample-data/pipelines')).filter((name) => name.endsWith('.yaml')).sort();
    const picked = () => page.locator('#sample option:checked').textContent();
    const name = /^ {2}name: (\S+)$/m.exec(fs.readFileSync(path.join(ROOT, 'sample-data/pipelines', samples[1]), 'utf8'))?.[1];
    expect(await picked()).toBe(samples[0]);
    await page.locator('#sample').selectOption({ label: samples[1] });
    await page.locator('.cm-content', { hasText: `name: ${name}` }).waitFor();
    expect(await picked()).toBe(samples[1]);
    // Edited, the text is no longer that sample: the picker names the pipeline it holds.
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.insertText('# my copy\n');
    expect(await picked()).toBe(`${name} (edited)`);
    await shot('01b-sample-edited-light');
    // The same sample chosen again replaces the edited text.
    await page.locator('#sample').selectOption({ label: samples[1] });
    await page.locator('.cm-content', { hasNotText: '# my copy' }).waitFor();
    expect(await picked()).toBe(samples[1]);
    await page.locator('#sample').selectOption({ label: samples[0] });
    await page.locator('#validation[data-state="valid"]').waitFor();
    expect(await picked()).toBe(samples[0]);
  });

  it('is usable from the keyboard, every control labelled', async () => {
    // Every select, input and button has an accessible name.
    for (const control of await page.locator('select, input, button').all()) {
      const name = await control.evaluate((el) => {
        const labelled = el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent;
        return (labelled ?? '').trim();
      });
      expect(name).not.toBe('');
    }
    expect(await page.locator('.cm-content').getAttribute('aria-label')).toBe('Pipeline YAML');
    // Tab indents inside the editor; Escape then Tab leaves it for the next control.
    await page.locator('.cm-content').focus();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.evaluate("document.activeElement !== null && document.activeElement.closest('.cm-editor') === null")).toBe(true);
    // Graph nodes are focusable and described.
    const node = page.locator('#graph .node').first();
    await node.focus();
    expect(await page.evaluate("document.activeElement.getAttribute('data-id')")).toBe(await node.getAttribute('data-id'));
    expect(await node.getAttribute('aria-label')).toMatch(/^\S+: \S.*, wave \d+/);
  });

  it('shows a validation error on the line it names while typing', async () => {
    await setEditorText(BROKEN);
    await page.locator('#validation[data-state="invalid"]').waitFor();
    expect(await page.locator('#validation').textContent()).toMatch(/^Line 12: parse error: .* at line 12, column \d+$/);
    expect(await errorLines()).toEqual([12]);
    // The error range is underlined and the gutter carries the marker.
    expect(await page.locator('.cm-content > .cm-line').nth(11).locator('.cm-lintRange-error').count()).toBe(1);
    expect(await page.locator('.cm-lint-marker-error').count()).toBe(1);
    await shot('02-parse-error-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('02-parse-error-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('clears the error once the line is fixed and draws the plan: nodes, kinds, waves and edges', async () => {
    // Fix by typing: to the end of the indentation of line 12, one Backspace.
    await page.locator('.cm-content > .cm-line').nth(11).click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Backspace');
    // `${OUT}` has no default: V-010 until the variable is given, shown on the output asset's line.
    await page.locator('#validation[data-state="invalid"]', { hasText: 'V-010' }).waitFor();
    expect(await errorLines()).toEqual([16]);
    await page.locator('#add-variable').click();
    await page.keyboard.type('OUT');
    await page.getByLabel('Variable 1 value').fill('out/from-console.csv');
    await page.locator('#validation[data-state="valid"]').waitFor();
    expect(await errorLines()).toEqual([]);

    await page.locator('#graph:not(.stale) .node[data-id="result"]').waitFor();
    expect(await drawnGraph()).toEqual({
      nodes: ['names transformation SELECT 2', 'raw input CSV INPUT 0', 'result output CSV OUTPUT 3', 'well_paid transformation WHERE 1'],
      edges: ['names->result', 'raw->well_paid', 'well_paid->names'],
    });
    // Waves left to right: each node's box lies right of its upstream node's box.
    const x = async (id: string) => (await page.locator(`#graph .node[data-id="${id}"]`).boundingBox())?.x ?? NaN;
    expect(await x('raw')).toBeLessThan(await x('well_paid'));
    expect(await x('well_paid')).toBeLessThan(await x('names'));
    expect(await x('names')).toBeLessThan(await x('result'));
    // Three shapes: a pill, a rectangle, a pentagon.
    expect(await page.locator('#graph .node-input rect.shape').count()).toBe(1);
    expect(await page.locator('#graph .node-transformation rect.shape').count()).toBe(2);
    expect(await page.locator('#graph .node-output polygon.shape').count()).toBe(1);
    await shot('03-valid-graph-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('03-valid-graph-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('submits the pipeline and shows the job reaching completed without reloading', async () => {
    // On the danfo backend: the choice travels with the pipeline.
    await page.locator('#backend').selectOption('danfo');
    await page.locator('#validation[data-state="valid"]').waitFor();
    const before = await page.locator('#job-list tr[data-job-id]').count();
    const submitted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/jobs'));
    await page.locator('#run').click();
    expect((await submitted).postDataJSON()).toEqual({ yaml: expect.stringContaining('well_paid'), variables: { OUT: 'out/from-console.csv' }, backend: 'danfo' });
    await page.locator('#job-list tr[data-job-id]').nth(before).waitFor();
    const row = page.locator('#job-list tbody tr').first();
    const id = await row.getAttribute('data-job-id');
    await page.locator(`#job-list tr[data-job-id="${id}"][data-status="completed"]`).waitFor({ timeout: 60_000 });
    expect(await row.locator('.status-cell').textContent()).toBe('completed');
    expect(await row.locator('td.num').textContent()).toMatch(/^\d+(\.\d)? m?s$/);
    // The variable reached the server: the output is where OUT said.
    expect(fs.readFileSync(path.join(dataRoot, 'out/from-console.csv'), 'utf8')).toMatch(/^name,department\n/);
    await shot('04-job-completed-light');
  });

  it('shows a job submitted elsewhere at once (a held wait on the list, no refresh)', async () => {
    await page.locator('#job-list').waitFor({ state: 'visible' });
    // Submitted by another client: the console learns of it only from the server.
    const submitted = await postJson(`${server.url}/api/jobs`, { yaml: SMALL_ELSEWHERE });
    expect(submitted.status).toBe(202);
    const id = submitted.body.job_id as string;
    // Far sooner than any periodic refresh (it was every 15 s).
    await page.locator(`#job-list tr[data-job-id="${id}"]`).waitFor({ timeout: 5_000 });
    await page.locator(`#job-list tr[data-job-id="${id}"][data-status="completed"]`).waitFor({ timeout: 60_000 });
    expect(await page.locator('#job-list tbody tr').first().getAttribute('data-job-id')).toBe(id);
    // Its pipeline's name is not known to this tab: a dash, not an empty cell.
    expect(await page.locator(`#job-list tr[data-job-id="${id}"] .pipeline-cell`).textContent()).toBe('—');
    await shot('04b-job-from-elsewhere-light');
  });

  it('opens a slow job, cancels it from its page and shows cancelled', async () => {
    await page.locator('#backend').selectOption('duckdb');
    await setEditorText(SLOW);
    await page.locator('#validation[data-state="valid"]').waitFor();
    await page.locator('#graph:not(.stale) .node[data-id="big"]').waitFor();
    await page.keyboard.press('Control+Enter');
    // The list now holds three jobs, the new one first.
    await page.locator('#job-list tbody tr').nth(2).waitFor();
    await page.locator('#run-status', { hasText: 'submitted' }).waitFor();
    const row = page.locator('#job-list tbody tr').first();
    expect(await page.locator('#run-status').textContent()).toContain(((await row.getAttribute('data-job-id')) ?? '?').slice(0, 8));
    const id = (await row.getAttribute('data-job-id')) ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await row.locator('a').click();
    expect(page.url()).toBe(`${server.url}/#/jobs/${id}`);
    await page.locator('#job-detail .badge[data-status="running"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#job-detail').textContent()).toContain(id);
    // While it runs, the page shows how far it has got, from GET /api/jobs/{id}/progress.
    await page.locator('#job-detail .job-progress[data-total="3"] progress').waitFor({ timeout: 20_000 });
    expect(await page.locator('#job-detail .job-progress').textContent()).toMatch(/^\d of 3 assets done, [\d,]+ rows staged$/);
    // Each asset live: the input and the filter done with their times, the output running.
    await page.locator('#job-detail .steps-table tr[data-asset="out"][data-state="running"]').waitFor({ timeout: 20_000 });
    const steps = await page.locator('#job-detail .steps-table tbody tr').evaluateAll((trs) => trs.map((r) => [...r.children].map((c) => c.textContent)));
    expect(steps.map((r) => r.slice(0, 2))).toEqual([
      ['big', 'done'],
      ['kept', 'done'],
      ['out', 'running'],
    ]);
    expect(steps[0][2]).toMatch(/^\d+ ms$|^[\d.]+ s$/);
    expect(steps[2][2]).toMatch(/ so far$/);
    // The asset it computes now is marked in the plan.
    expect(await page.locator('#graph .node-running').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id')))).toEqual(['out']);
    // The running time ticks without asking the server.
    const ticking = page.locator('#job-detail .steps-table tr[data-asset="out"] td:nth-child(3)');
    const before = steps[2][2];
    for (let i = 0; i < 50 && (await ticking.textContent()) === before; i++) await page.waitForTimeout(100);
    expect(await ticking.textContent()).not.toBe(before);
    await shot('05-job-running-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('05-job-running-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('#cancel-job').click();
    await page.locator('#job-detail .badge[data-status="cancelled"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#cancel-job').count()).toBe(0);
    expect(await page.locator('#graph .node-running').count()).toBe(0);
    const fields = await page.locator('#job-detail dl').textContent();
    expect(fields).toMatch(/Started\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(fields).toMatch(/Finished\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect((await request(`${server.url}/api/jobs/${id}`)).body.status).toBe('cancelled');
    await shot('06-job-cancelled-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('06-job-cancelled-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // Back to the list: every job, newest first, the slow one cancelled.
    await page.locator('#job-detail a.back').click();
    await page.locator('#job-list').waitFor({ state: 'visible' });
    expect(await page.locator('#job-list tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))).toEqual([
      'cancelled',
      'completed',
      'completed',
    ]);
    await shot('07-job-list-light');
  });

  it('shows the error of a failed job on its page', async () => {
    await setEditorText(BROKEN.replace('           filter', '          filter').replace('staff.csv', 'missing.csv'));
    // Until the new text is checked, the console claims nothing about it.
    expect(await page.locator('#validation').getAttribute('data-state')).toBe('pending');
    await page.locator('#validation[data-state="valid"]').waitFor();
    await page.locator('#graph:not(.stale) .node[data-id="well_paid"]').waitFor();
    await page.locator('#run').click();
    await page.locator('#job-list tbody tr').nth(3).waitFor();
    const row = page.locator('#job-list tbody tr').first();
    await page.locator('#job-list tbody tr[data-status="failed"]').waitFor({ timeout: 30_000 });
    expect(await row.getAttribute('data-status')).toBe('failed');
    await row.locator('a').click();
    await page.locator('#job-detail .job-error pre').waitFor();
    const shown = await page.locator('#job-detail .job-error pre').textContent();
    const id = (await row.getAttribute('data-job-id')) ?? '';
    expect(shown).toBe((await request(`${server.url}/api/jobs/${id}`)).body.error);
    expect(shown).toContain('missing.csv');
    // The asset the error names is marked in the plan, and only while the job's page is open.
    expect(shown).toMatch(/^asset "raw": /);
    expect(await page.locator('#job-detail .failed-at').textContent()).toBe(' at asset raw (marked in the plan)');
    expect(await page.locator('#graph .node-failed').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id')))).toEqual(['raw']);
    // A finished job offers no cancel.
    expect(await page.locator('#cancel-job').count()).toBe(0);
    await shot('08-job-failed-light');
    await page.locator('#job-detail a.back').click();
    await page.locator('#job-list').waitFor({ state: 'visible' });
    expect(await page.locator('#graph .node-failed').count()).toBe(0);
  });

  it("shows a completed job's pipeline, outputs with their first rows, and quality badges", async () => {
    await setEditorText(QUALITY);
    await page.locator('#validation[data-state="valid"]').waitFor({ timeout: 15_000 }).catch(async () => {
      throw new Error(`not valid: ${await page.locator('#validation').textContent()}`);
    });
    // From the list (the previous step left a job's page open).
    await page.evaluate("window.location.hash = '#/'");
    const submitted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/jobs'));
    await page.locator('#run').click();
    const id = ((await (await submitted).json()) as { job_id: string }).job_id;
    const row = page.locator(`#job-list tr[data-job-id="${id}"]`);
    await page.locator(`#job-list tr[data-job-id="${id}"][data-status="completed"]`).waitFor({ timeout: 60_000 });
    expect(await row.locator('.pipeline-cell').textContent()).toBe('orders-checked');
    await row.locator('a').click();
    await page.locator('#job-heading', { hasText: id }).waitFor({ timeout: 10_000 });
    const detail = page.locator('#job-detail');
    expect(await detail.locator('dl').textContent()).toContain('Pipelineorders-checked');
    // Outputs: asset, path, rows written.
    expect(await detail.locator('.outputs-table tbody tr').evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)))).toEqual([
      ['orders_out', 'out/orders.csv', '5'],
    ]);
    // Its first rows, read back from the file: name:type headers, then the values.
    const rows = detail.locator('.output-rows[data-asset="orders_out"] .rows-table');
    await rows.waitFor();
    const headers = await rows.locator('th').allTextContents();
    expect(headers.map((h) => h.replace(/:.*/, ''))).toEqual(['order_id', 'customer_id', 'amount', 'status']);
    expect(headers.every((h) => /^\w+: \w+/.test(h))).toBe(true);
    expect(await rows.locator('tbody tr').count()).toBe(5);
    expect(await rows.locator('tbody tr').nth(2).locator('td').allTextContents()).toEqual(['3', '1', 'null', 'open']);
    // Quality: one badge per check, observed and expected values, failing rows where a check counts them.
    expect(
      await detail.locator('.quality-table tbody tr').evaluateAll((trs) => trs.map((r) => [...r.children].map((c) => c.textContent))),
    ).toEqual([
      ['pass', 'orders-ok', 'volume rowCount', '5', 'between 1 and 10', '—'],
      ['warn', 'orders-soft', 'validity(status)', '0.8', '>= 1', '1 (20%)'],
    ]);
    expect(await detail.locator('.badge[data-quality="warn"]').count()).toBe(1);
    // Each asset's time, the output's rows.
    const steps = await detail.locator('.steps-table tbody tr').evaluateAll((trs) => trs.map((r) => [...r.children].map((c) => c.textContent)));
    expect(steps.map((r) => [r[0], r[1], r[3]])).toEqual([
      ['orders', 'done', ''],
      ['orders_out', 'done', '5'],
    ]);
    expect(steps.every((r) => /^\d+ ms$|^[\d.]+ s$/.test(r[2] ?? ''))).toBe(true);
    // A tall window shows the whole job page; at 1,024 px the panel scrolls to the quality table.
    await page.setViewportSize({ width: 1366, height: 1200 });
    await shot('09-job-outputs-quality-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot('09-job-outputs-quality-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await detail.locator('.quality-table').scrollIntoViewIfNeeded();
    // Scrolled down to the quality table, the page still shows which job it is and the way back.
    expect(await detail.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    const panel = await detail.boundingBox();
    for (const head of [detail.locator('#job-heading'), detail.locator('a.back')]) {
      const box = await head.boundingBox();
      expect(box !== null && panel !== null && box.y >= panel.y && box.y + box.height <= panel.y + panel.height).toBe(true);
      // Nothing scrolled over it.
      expect(await head.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(el.ownerDocument.elementFromPoint(r.x + 4, r.y + r.height / 2)); })).toBe(true);
    }
    await shot('09-job-quality-1024');
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('previews an asset of the graph without writing anything', async () => {
    await setEditorText(BROKEN.replace('           filter', '          filter').replace('"${OUT}"', 'out/never.csv'));
    await page.locator('#validation[data-state="valid"]').waitFor();
    await page.locator('#graph:not(.stale) .node[data-id="well_paid"]').click();
    const preview = page.locator('#preview[data-asset="well_paid"][data-state="done"]');
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.locator('th').allTextContents()).toEqual(['id: long', 'name: string', 'department: string', 'salary: long']);
    expect(await preview.locator('tbody tr').evaluateAll((trs) => trs.map((r) => r.children[1].textContent))).toEqual(['Ada', 'Cy']);
    await shot('10-preview-light');
    // The output asset, from the keyboard: its rows, and still no file.
    await page.locator('#graph .node[data-id="result"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('#preview[data-asset="result"][data-state="done"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#preview th').allTextContents()).toEqual(['name: string', 'department: string']);
    expect(fs.existsSync(path.join(dataRoot, 'out/never.csv'))).toBe(false);
    await page.setViewportSize({ width: 1024, height: 768 });
    await shot('11-preview-1024');
    await page.setViewportSize({ width: 1366, height: 768 });
  });
});
