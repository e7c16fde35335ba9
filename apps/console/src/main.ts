/**
 * The console page: the editor with its samples, variables and backend on the left; the plan
 * graph and the jobs on the right. Everything goes through the public `/api` (see api.ts).
 */
import { apiBase, ApiError, createApi, type PipelineRequest } from './api';
import { byId, h } from './dom';
import { createEditor, type CheckResult } from './editor';
import { renderGraph } from './graph';
import { createJobsPanel } from './jobs';
import { layoutPlan } from './layout';
import { pipelineName } from './pipeline-name';
import { defaultedPlaceholders } from './placeholders';
import { rowsTable } from './rows-table';
import { pickerState } from './sample-picker';
import { parsePlan } from './plan';
import { createTokenPrompt } from './token';

/** Sample pipelines compiled in by build.cjs from sample-data/pipelines. */
declare const CONSOLE_SAMPLES: readonly { readonly name: string; readonly yaml: string }[];
/** The workspace version, compiled in by build.cjs. */
declare const CONSOLE_VERSION: string;

const base = apiBase(window.location);
const tokenPrompt = createTokenPrompt({
  base,
  onToken: () => {
    editor.revalidate();
    void jobs.refresh();
  },
});
const api = createApi(base, tokenPrompt);

const validation = byId<HTMLParagraphElement>('validation');
const graphStatus = byId<HTMLParagraphElement>('graph-status');
const graphSvg = document.getElementById('graph') as unknown as SVGSVGElement;
const runButton = byId<HTMLButtonElement>('run');
const runStatus = byId<HTMLParagraphElement>('run-status');
const backend = byId<HTMLSelectElement>('backend');
const sample = byId<HTMLSelectElement>('sample');
const variableRows = byId<HTMLTableSectionElement>('variable-rows');
const announcer = byId<HTMLDivElement>('announcer');
const preview = byId<HTMLElement>('preview');
const previewHeading = byId<HTMLHeadingElement>('preview-heading');
const previewBody = byId<HTMLDivElement>('preview-body');
/** Rows a preview asks for. */
const PREVIEW_ROWS = 20;

function announce(message: string): void {
  announcer.textContent = message;
}

// Variables: key/value rows; empty keys are left out of the request.
function addVariable(key = '', value = ''): void {
  const index = variableRows.children.length + 1;
  const keyInput = h('input', { type: 'text', value: key, 'aria-label': `Variable ${index} name`, class: 'var-key', spellcheck: 'false', placeholder: 'NAME' });
  const valueInput = h('input', { type: 'text', value, 'aria-label': `Variable ${index} value`, class: 'var-value', spellcheck: 'false', placeholder: 'value' });
  const row = h(
    'tr',
    {},
    h('td', {}, keyInput),
    h('td', {}, valueInput),
    h(
      'td',
      {},
      h(
        'button',
        {
          type: 'button',
          class: 'icon',
          'aria-label': `Remove variable ${index}`,
          title: 'Remove',
          onclick: () => {
            row.remove();
            editor.revalidate();
          },
        },
        '×',
      ),
    ),
  );
  for (const input of [keyInput, valueInput]) input.addEventListener('input', () => editor.revalidate());
  variableRows.append(row);
}

// Each `${NAME:default}` of the text gets a row holding its default, marked as offered; an offered
// row left unchanged goes when its placeholder leaves the text. Rows the person typed stay.
function offerPlaceholders(yaml: string): void {
  const placeholders = defaultedPlaceholders(yaml);
  const wanted = new Set(placeholders.map((p) => p.name));
  const rows = [...variableRows.querySelectorAll('tr')];
  const keyOf = (row: Element) => row.querySelector<HTMLInputElement>('.var-key')?.value.trim() ?? '';
  for (const row of rows) {
    const offered = (row as HTMLElement).dataset['offered'];
    const value = row.querySelector<HTMLInputElement>('.var-value')?.value;
    if (offered !== undefined && !wanted.has(keyOf(row)) && value === offered) row.remove();
  }
  const present = new Set([...variableRows.querySelectorAll('tr')].map(keyOf));
  for (const { name, fallback } of placeholders) {
    if (present.has(name)) continue;
    addVariable(name, fallback);
    (variableRows.lastElementChild as HTMLElement).dataset['offered'] = fallback;
  }
}

function variables(): Record<string, string> {
  const result: Record<string, string> = {};
  for (const row of variableRows.querySelectorAll('tr')) {
    const key = row.querySelector<HTMLInputElement>('.var-key')?.value.trim() ?? '';
    if (key !== '') result[key] = row.querySelector<HTMLInputElement>('.var-value')?.value ?? '';
  }
  return result;
}

function request(yaml: string): PipelineRequest {
  return { yaml, variables: variables(), backend: backend.value };
}

// The graph follows the editor: each valid text is explained and drawn; the last drawing stays
// (dimmed) while the text is invalid.
let explainInFlight: AbortController | undefined;
async function drawPlan(yaml: string): Promise<void> {
  explainInFlight?.abort();
  const controller = new AbortController();
  explainInFlight = controller;
  try {
    const { plan } = await api.explain(request(yaml), controller.signal);
    if (controller.signal.aborted) return;
    const graph = parsePlan(plan);
    renderGraph(graphSvg, layoutPlan(graph));
    markFailedAsset(failedAsset);
    markRunningAsset(runningAsset);
    graphSvg.classList.remove('stale');
    graphSvg.setAttribute('aria-label', `Plan: ${graph.nodes.length} assets in ${graph.waves.length} waves`);
    graphStatus.textContent = `${graph.nodes.length} assets, ${graph.edges.length} edges, ${graph.waves.length} waves (left to right). Click an asset (or Enter on it) to preview its first rows.`;
    graphSvg.dataset['plan'] = plan;
  } catch (error) {
    if (controller.signal.aborted) return;
    graphSvg.classList.add('stale');
    graphStatus.textContent = `No plan: ${(error as Error).message}`;
  }
}

// A preview computes one asset from its upstream assets on the server and writes nothing; the
// latest request wins.
let previewInFlight: AbortController | undefined;
async function previewAsset(asset: string): Promise<void> {
  previewInFlight?.abort();
  const controller = new AbortController();
  previewInFlight = controller;
  preview.hidden = false;
  preview.dataset['asset'] = asset;
  preview.dataset['state'] = 'loading';
  previewHeading.replaceChildren('Preview of ', h('span', { class: 'mono' }, asset), h('span', { class: 'hint' }, ' — nothing is written'));
  previewBody.replaceChildren(h('p', { class: 'hint' }, 'Computing…'));
  try {
    const rows = await api.preview({ ...request(editor.text()), asset, limit: PREVIEW_ROWS }, controller.signal);
    if (controller.signal.aborted) return;
    previewBody.replaceChildren(rowsTable(rows, `First rows of ${asset}`));
    preview.dataset['state'] = 'done';
  } catch (error) {
    if (controller.signal.aborted) return;
    previewBody.replaceChildren(h('p', { class: 'error-text' }, `Cannot preview ${asset}: ${(error as Error).message}`));
    preview.dataset['state'] = 'error';
  }
}

function nodeOf(event: Event): string | undefined {
  const node = (event.target as Element | null)?.closest?.('.node');
  return node?.getAttribute('data-id') ?? undefined;
}
graphSvg.addEventListener('click', (event) => {
  const asset = nodeOf(event);
  if (asset !== undefined) void previewAsset(asset);
});
graphSvg.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  const asset = nodeOf(event);
  if (asset === undefined) return;
  event.preventDefault();
  void previewAsset(asset);
});
byId('preview-close').addEventListener('click', () => {
  previewInFlight?.abort();
  preview.hidden = true;
});

// The asset a failed job's error names, marked in the plan while that job's page is open.
let failedAsset: string | undefined;
function markFailedAsset(asset: string | undefined): void {
  failedAsset = asset;
  for (const node of graphSvg.querySelectorAll('.node')) node.classList.toggle('node-failed', asset !== undefined && node.getAttribute('data-id') === asset);
}

/** The asset the open running job is computing now, marked in the plan. */
let runningAsset: string | undefined;
function markRunningAsset(asset: string | undefined): void {
  runningAsset = asset;
  for (const node of graphSvg.querySelectorAll('.node')) node.classList.toggle('node-running', asset !== undefined && node.getAttribute('data-id') === asset);
}

function showPending(): void {
  if (validation.dataset['state'] === 'pending') return;
  validation.classList.remove('ok', 'bad', 'unknown');
  validation.textContent = 'Checking…';
  validation.dataset['state'] = 'pending';
  graphSvg.classList.add('stale');
}

function showResult(result: CheckResult): void {
  offerPlaceholders(editor.text());
  validation.classList.remove('ok', 'bad', 'unknown');
  if (result.kind === 'valid') {
    validation.classList.add('ok');
    validation.textContent = '✓ Valid pipeline';
    validation.dataset['state'] = 'valid';
    void drawPlan(result.yaml);
  } else if (result.kind === 'invalid') {
    validation.classList.add('bad');
    validation.textContent = `${result.line === undefined ? '' : `Line ${result.line}: `}${result.message}`;
    validation.dataset['state'] = 'invalid';
    graphSvg.classList.add('stale');
    graphStatus.textContent = 'The plan is shown as of the last valid text.';
  } else {
    validation.classList.add('unknown');
    validation.textContent = `Cannot validate: ${result.message}`;
    validation.dataset['state'] = 'unreachable';
  }
}

async function run(): Promise<void> {
  runButton.disabled = true;
  runStatus.textContent = 'Submitting…';
  try {
    const text = editor.text();
    const { job_id } = await api.submit(request(text));
    await jobs.added(job_id, pipelineName(text));
    runStatus.textContent = `Job ${job_id.slice(0, 8)} submitted.`;
  } catch (error) {
    runStatus.textContent = error instanceof ApiError ? error.message : `Cannot submit: ${(error as Error).message}`;
  } finally {
    runButton.disabled = false;
  }
}

const samples = CONSOLE_SAMPLES;
// Shown (and chosen) only while the text is no sample; it cannot be picked.
const editedOption = h('option', { value: '', disabled: true, hidden: true, 'data-edited': true });
sample.append(editedOption);
for (const [i, s] of samples.entries()) sample.append(h('option', { value: String(i) }, s.name));
function syncSamplePicker(text: string): void {
  const state = pickerState(samples, text);
  editedOption.hidden = !('edited' in state);
  if ('edited' in state) {
    editedOption.textContent = state.edited;
    sample.value = '';
  } else {
    sample.value = String(state.sample);
  }
}
const editor = createEditor({
  parent: byId('editor'),
  doc: samples[0]?.yaml ?? 'version: "3.0"\npipeline:\n  assets: []\n',
  label: 'Pipeline YAML',
  check: (yaml, signal) => api.validate(request(yaml), signal),
  onResult: showResult,
  onPending: showPending,
  onChange: syncSamplePicker,
  onRun: () => void run(),
});
syncSamplePicker(editor.text());

sample.addEventListener('change', () => {
  const chosen = sample.value === '' ? undefined : samples[Number(sample.value)];
  if (chosen) editor.setText(chosen.yaml);
});
backend.addEventListener('change', () => editor.revalidate());
byId('add-variable').addEventListener('click', () => {
  addVariable();
  variableRows.querySelector<HTMLInputElement>('tr:last-child .var-key')?.focus();
});
runButton.addEventListener('click', () => void run());

const jobs = createJobsPanel({ api, list: byId('job-list'), detail: byId('job-detail'), announce, failedAsset: markFailedAsset, runningAsset: markRunningAsset });
function route(): void {
  const match = /^#\/jobs\/([^/]+)$/.exec(window.location.hash);
  jobs.show(match ? decodeURIComponent(match[1]) : undefined);
  if (match) byId('job-detail').focus();
}
window.addEventListener('hashchange', route);
route();
void jobs.refresh();

byId('version').textContent = `console ${CONSOLE_VERSION}`;
api.health().then(
  (health) => (byId('server').textContent = `server ${health.version} at ${api.base}`),
  () => (byId('server').textContent = `server at ${api.base} is not answering`),
);
