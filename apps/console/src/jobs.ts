/**
 * The jobs panel: a live list (status, created, duration) and a job page (timestamps, error,
 * per-asset progress and timings, outputs, quality, cancel). The list comes from `GET /api/jobs`
 * and is then held open with `?since=<version>`: the server answers as soon as a job is
 * submitted, starts or ends (on any replica), so a new job shows at once and nothing polls in a
 * tight loop. Each unfinished job is also followed with `GET /api/jobs/{id}/wait`, which the
 * server holds until the job ends (a queued job with short, growing timeouts so that its start is
 * seen). A browser opens only a few connections per server: one list wait, at most MAX_WAITS job
 * waits and the open running job's page asking for its steps every PROGRESS_MS.
 */
import { ApiError, type Api, type Job, type JobOutput, type JobStep, type QualityResult, type Rows } from './api';
import { h } from './dom';
import { formatDuration, formatTime, isTerminal } from './format';
import { rowsTable } from './rows-table';

const MAX_WAITS = 3;
const WAIT_SECONDS = 60;
const MAX_QUEUED_WAIT_SECONDS = 5;
/** How long the server holds the list before answering it unchanged. */
const LIST_WAIT_SECONDS = 30;
/** The least time between two asks for the list (a burst of changes costs a few answers, not a loop). */
const LIST_GAP_MS = 250;
/** A server without held list waits (no `version`) is asked this often instead. */
const REFRESH_MS = 15_000;
const RETRY_MS = 3_000;
/** How often the page of a running job asks how far it has got. */
const PROGRESS_MS = 1_000;
/** An error naming its asset: `asset "raw": file not found: missing.csv`. */
const ERROR_ASSET = /\basset "([^"]+)"/;
/** Rows of each output shown on a completed job's page. */
const OUTPUT_ROWS = 10;

/** What the jobs panel needs from the page. */
export interface JobsPanelOptions {
  readonly api: Api;
  readonly list: HTMLElement;
  readonly detail: HTMLElement;
  readonly announce: (message: string) => void;
  /** The asset a failed job's error names (to mark in the graph), or undefined. */
  readonly failedAsset?: (asset: string | undefined) => void;
  /** The asset the open running job computes now (to mark in the graph), or undefined. */
  readonly runningAsset?: (asset: string | undefined) => void;
}

/** The jobs panel. */
export interface JobsPanel {
  /** Adds a just-submitted job (of the pipeline named `name`, when it has one) and follows it. */
  added(id: string, name?: string): Promise<void>;
  /** Shows the list (`undefined`) or one job's page. */
  show(id: string | undefined): void;
  refresh(): Promise<void>;
}

/** Creates the panel and starts following the jobs. */
export function createJobsPanel(options: JobsPanelOptions): JobsPanel {
  const { api } = options;
  const jobs = new Map<string, Job>();
  const waiting = new Set<string>();
  let shown: string | undefined;
  let loadError: string | undefined;
  // The job object carries no pipeline name: the names of the jobs submitted from this tab.
  const names = new Map<string, string>();
  // The first rows of each output, fetched once per job and output (outputs never change).
  const outputRows = new Map<string, Rows | Error | 'loading'>();
  // The version of the list last answered: the next ask is held until the list differs from it.
  let listVersion: string | undefined;
  let watchingList = false;
  // The running job whose page is open is asked again every PROGRESS_MS: its steps move.
  let progressTimer: ReturnType<typeof setTimeout> | undefined;

  function followProgress(id: string): void {
    if (progressTimer !== undefined) return;
    progressTimer = setTimeout(() => {
      progressTimer = undefined;
      const job = jobs.get(id);
      if (shown !== id || !job || job.status !== 'running') return;
      api.job(id).then(
        (answer) => {
          // A wait or the list may have seen it end meanwhile: never step back to running.
          if (!isTerminal(jobs.get(id)?.status ?? '')) update(answer);
          followProgress(id);
        },
        () => followProgress(id),
      );
    }, PROGRESS_MS);
  }

  /** Merges a list answer: announces status changes, keeps the steps a job page asked for. */
  function merge(list: readonly Job[]): void {
    for (const job of list) {
      const before = jobs.get(job.id);
      if (before && before.status !== job.status) options.announce(`Job ${short(job.id)} is ${job.status}`);
      // The list leaves steps out; a running job's page keeps the ones it last saw.
      jobs.set(job.id, before?.steps && before.status === job.status && !job.steps ? { ...job, steps: before.steps } : job);
    }
  }

  /**
   * Keeps the list current with held asks: each is answered when the list changes (or after
   * LIST_WAIT_SECONDS unchanged), then the next one goes out. Errors back off; a server that
   * gives no version is asked every REFRESH_MS.
   */
  async function watchList(): Promise<void> {
    if (watchingList) return;
    watchingList = true;
    for (;;) {
      const asked = Date.now();
      let pause = LIST_GAP_MS;
      try {
        const answer = await api.jobs(listVersion ?? '', LIST_WAIT_SECONDS);
        loadError = undefined;
        merge(answer.jobs);
        listVersion = answer.version;
        if (answer.version === undefined) pause = REFRESH_MS;
        render();
        follow();
      } catch (error) {
        // 429: the server holds as many list waits as it allows; 401: no token yet (the prompt
        // asks for it, then refresh() shows the list). Either way, ask again later.
        const later = error instanceof ApiError && (error.status === 429 || error.status === 401);
        pause = later ? REFRESH_MS : RETRY_MS;
        if (!later) {
          loadError = `Cannot load the jobs: ${(error as Error).message}`;
          render();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, asked + pause - Date.now())));
    }
  }

  function update(job: Job): void {
    const before = jobs.get(job.id);
    jobs.set(job.id, job);
    if (before && before.status !== job.status) options.announce(`Job ${short(job.id)} is ${job.status}`);
    render();
    follow();
  }

  // Follows up to MAX_WAITS unfinished jobs, newest first, each with a held `wait` request.
  function follow(): void {
    const open = [...jobs.values()].filter((job) => !isTerminal(job.status)).reverse();
    for (const job of open) {
      if (waiting.size >= MAX_WAITS) return;
      if (waiting.has(job.id)) continue;
      waiting.add(job.id);
      void waitFor(job.id);
    }
  }

  async function waitFor(id: string): Promise<void> {
    // `wait` answers only when the job ends (or on its timeout): a queued job is held with short
    // timeouts, growing 1, 2, 4, 5, 5... seconds, so that its start shows up soon; once it runs,
    // one long wait until it ends.
    let queuedSeconds = 1;
    try {
      for (;;) {
        const known = jobs.get(id);
        const queued = known?.status === 'queued';
        const job = await api.wait(id, queued ? queuedSeconds : WAIT_SECONDS);
        if (queued) queuedSeconds = Math.min(queuedSeconds * 2, MAX_QUEUED_WAIT_SECONDS);
        waiting.delete(id);
        update(job);
        if (isTerminal(job.status)) return;
        if (waiting.has(id)) return;
        waiting.add(id);
      }
    } catch {
      // Server away or restarting: try again a little later instead of hammering it.
      setTimeout(() => {
        waiting.delete(id);
        follow();
      }, RETRY_MS);
    }
  }

  async function refresh(): Promise<void> {
    try {
      const answer = await api.jobs();
      loadError = undefined;
      merge(answer.jobs);
      listVersion = answer.version;
    } catch (error) {
      loadError = `Cannot load the jobs: ${(error as Error).message}`;
    }
    render();
    follow();
    void watchList();
  }

  async function cancel(id: string): Promise<void> {
    try {
      const answer = await api.cancel(id);
      options.announce(`Cancel requested: ${answer.status}`);
      const job = await api.job(id);
      update(job);
    } catch (error) {
      options.announce(`Cancel failed: ${(error as Error).message}`);
      render();
    }
  }

  function render(): void {
    // Re-rendering replaces elements: keep the keyboard focus where it was.
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : '';
    renderList();
    renderDetail();
    if (focused) document.getElementById(focused)?.focus();
  }

  function renderList(): void {
    const rows = [...jobs.values()].reverse().map((job) =>
      h(
        'tr',
        { 'data-job-id': job.id, 'data-status': job.status },
        h('td', {}, h('a', { href: `#/jobs/${job.id}`, class: 'mono', 'aria-label': `Job ${job.id}` }, short(job.id))),
        // A job submitted from elsewhere: its name is not known here.
        h('td', { class: 'pipeline-cell' }, names.get(job.id) ?? h('span', { class: 'hint', title: 'Submitted from elsewhere' }, '—')),
        h('td', { class: 'status-cell' }, badge(job.status)),
        h('td', {}, h('time', { datetime: job.created_at }, formatTime(job.created_at))),
        h('td', { class: 'num', 'data-started': runningSince(job) }, duration(job)),
      ),
    );
    const table =
      rows.length === 0
        ? h('p', { class: 'empty' }, loadError ?? 'No jobs yet. Run a pipeline to start one.')
        : h(
            'table',
            { class: 'jobs-table' },
            h('caption', { class: 'visually-hidden' }, 'Jobs, newest first'),
            h(
              'thead',
              {},
              h('tr', {}, h('th', { scope: 'col' }, 'Job'), h('th', { scope: 'col' }, 'Pipeline'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Created'), h('th', { scope: 'col', class: 'num' }, 'Duration')),
            ),
            h('tbody', {}, ...rows),
          );
    // The error goes below the table: inserted above, it would shift every row under a pointer
    // that is about to click one.
    options.list.replaceChildren(table, ...(loadError && rows.length > 0 ? [h('p', { class: 'error-text' }, loadError)] : []));
  }

  function renderDetail(): void {
    options.list.hidden = shown !== undefined;
    options.detail.hidden = shown === undefined;
    if (shown === undefined) {
      options.failedAsset?.(undefined);
      options.runningAsset?.(undefined);
      return;
    }
    const job = jobs.get(shown);
    const back = h('a', { href: '#/', class: 'back' }, '← All jobs');
    if (!job) {
      options.detail.replaceChildren(back, h('p', {}, `Loading job ${shown}…`));
      return;
    }
    const field = (label: string, value: Node | string) => [h('dt', {}, label), h('dd', {}, value)];
    // Only a job that can still be stopped offers it: a finished job's page has nothing to cancel.
    const cancelButton = isTerminal(job.status)
      ? []
      : [h('button', { type: 'button', class: 'danger', id: 'cancel-job', onclick: () => void cancel(job.id) }, 'Cancel job')];
    const failedAt = job.status === 'failed' ? ERROR_ASSET.exec(job.error ?? '')?.[1] : undefined;
    options.failedAsset?.(failedAt);
    if (job.status === 'running') followProgress(job.id);
    const steps = job.steps ?? [];
    const running = job.status === 'running' ? (steps.length > 0 ? progressElement(steps) : h('p', { class: 'job-progress hint' }, 'Running…')) : undefined;
    const stepsShown = steps.length > 0 ? [stepsSection(job, steps)] : [];
    options.runningAsset?.(job.status === 'running' ? steps.find((s) => s.state === 'running')?.asset : undefined);
    options.detail.replaceChildren(
      // Stays in sight while the page scrolls to its outputs and quality results.
      h('div', { class: 'job-head' }, back, h('h3', { id: 'job-heading' }, 'Job ', h('span', { class: 'mono' }, job.id))),
      h(
        'dl',
        { class: 'job-fields', 'aria-labelledby': 'job-heading' },
        ...field('Pipeline', names.get(job.id) ?? '—'),
        ...field('Status', badge(job.status)),
        ...field('Created', h('time', { datetime: job.created_at }, formatTime(job.created_at))),
        ...field('Started', job.started_at ? h('time', { datetime: job.started_at }, formatTime(job.started_at)) : '—'),
        ...field('Finished', job.completed_at ? h('time', { datetime: job.completed_at }, formatTime(job.completed_at)) : '—'),
        h('dt', {}, 'Duration'),
        h('dd', { 'data-started': runningSince(job) }, duration(job) || '—'),
      ),
      ...(running ? [running] : []),
      // While it runs, where each asset is comes first; once done, after what it produced.
      ...(job.status === 'running' ? stepsShown : []),
      ...(job.error
        ? [
            h(
              'div',
              { class: 'job-error', role: 'alert' },
              h('h4', {}, 'Error', failedAt ? h('span', { class: 'failed-at' }, ' at asset ', h('span', { class: 'mono' }, failedAt), ' (marked in the plan)') : ''),
              h('pre', {}, job.error),
            ),
          ]
        : []),
      ...(job.outputs && job.outputs.length > 0 ? [outputsSection(job.id, job.outputs)] : []),
      ...(job.quality && job.quality.length > 0 ? [qualitySection(job.quality)] : []),
      ...(job.status === 'running' ? [] : stepsShown),
      ...cancelButton,
    );
  }

  function stepsSection(job: Job, steps: readonly JobStep[]): HTMLElement {
    const table = h(
      'table',
      { class: 'jobs-table steps-table' },
      h('caption', { class: 'visually-hidden' }, 'Assets of the job'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Asset'),
          h('th', { scope: 'col' }, 'State'),
          h('th', { scope: 'col', class: 'num' }, 'Time'),
          h('th', { scope: 'col', class: 'num' }, job.status === 'running' ? 'Rows staged' : 'Rows written'),
        ),
      ),
      h(
        'tbody',
        {},
        ...steps.map((s) =>
          h(
            'tr',
            { 'data-asset': s.asset, 'data-state': s.state },
            h('td', { class: 'mono' }, s.asset),
            h('td', {}, h('span', { class: `step-state step-${s.state}` }, s.state)),
            s.state === 'running' && s.started_at
              ? h('td', { class: 'num', 'data-started': s.started_at }, `${formatDuration(Date.now() - Date.parse(s.started_at))} so far`)
              : h('td', { class: 'num' }, s.ms === undefined ? '' : formatDuration(s.ms)),
            h('td', { class: 'num' }, s.rows === undefined ? '' : s.rows.toLocaleString('en')),
          ),
        ),
      ),
    );
    return h('section', { class: 'job-steps', 'aria-label': 'Assets' }, h('h4', {}, 'Assets'), table);
  }

  function outputsSection(id: string, outputs: readonly JobOutput[]): HTMLElement {
    const table = h(
      'table',
      { class: 'jobs-table outputs-table' },
      h('caption', { class: 'visually-hidden' }, 'Outputs written'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Output'), h('th', { scope: 'col' }, 'Path'), h('th', { scope: 'col', class: 'num' }, 'Rows written'))),
      h(
        'tbody',
        {},
        ...outputs.map((o) =>
          h('tr', { 'data-asset': o.asset }, h('td', {}, o.asset), h('td', { class: 'mono path-cell' }, o.path), h('td', { class: 'num' }, o.rows_written.toLocaleString('en'))),
        ),
      ),
    );
    const firstRows = outputs.map((o) => {
      const key = `${id}\u0000${o.asset}`;
      const known = outputRows.get(key);
      if (known === undefined) {
        outputRows.set(key, 'loading');
        api.outputRows(id, o.asset, OUTPUT_ROWS).then(
          (rows) => outputRows.set(key, rows),
          (error: Error) => outputRows.set(key, error),
        ).finally(() => {
          if (shown === id) render();
        });
      }
      const body =
        known === undefined || known === 'loading'
          ? h('p', { class: 'hint' }, 'Loading the first rows…')
          : known instanceof Error
            ? h('p', { class: 'error-text' }, `Cannot read the rows: ${known.message}`)
            : rowsTable(known, `First rows of ${o.asset}`);
      return h('div', { class: 'output-rows', 'data-asset': o.asset }, h('h5', {}, 'First rows of ', h('span', { class: 'mono' }, o.asset)), body);
    });
    return h('section', { class: 'job-outputs', 'aria-label': 'Outputs' }, h('h4', {}, 'Outputs'), table, ...firstRows);
  }

  function qualitySection(results: readonly QualityResult[]): HTMLElement {
    const table = h(
      'table',
      { class: 'jobs-table quality-table' },
      h('caption', { class: 'visually-hidden' }, 'Quality results'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Status'),
          h('th', { scope: 'col' }, 'Suite'),
          h('th', { scope: 'col' }, 'Check'),
          h('th', { scope: 'col', class: 'num' }, 'Observed'),
          h('th', { scope: 'col' }, 'Expected'),
          h('th', { scope: 'col', class: 'num' }, 'Failing'),
        ),
      ),
      h(
        'tbody',
        {},
        ...results.map((q) =>
          h(
            'tr',
            { 'data-status': q.status, title: q.description === undefined ? q.message : `${q.description}: ${q.message}` },
            h('td', {}, h('span', { class: `badge badge-q-${q.status}`, 'data-quality': q.status }, q.status)),
            h('td', {}, q.suite),
            h('td', { class: 'mono' }, q.check),
            h('td', { class: 'num' }, q.observed_value === null ? '—' : String(q.observed_value)),
            h('td', { class: 'mono' }, q.expected),
            h('td', { class: 'num' }, q.failing_rows === undefined ? '—' : `${q.failing_rows} (${q.failing_percent ?? 0}%)`),
          ),
        ),
      ),
    );
    return h('section', { class: 'job-quality', 'aria-label': 'Quality' }, h('h4', {}, 'Quality'), table);
  }

  // Running jobs show their time so far; the clock ticks locally, without asking the server, and
  // touches only those cells (re-rendering would move the keyboard focus).
  setInterval(() => {
    for (const cell of document.querySelectorAll<HTMLElement>('[data-started]')) {
      cell.textContent = `${formatDuration(Date.now() - Date.parse(cell.dataset['started'] ?? ''))} so far`;
    }
  }, 1000);

  return {
    async added(id, name) {
      if (name !== undefined) names.set(id, name);
      try {
        update(await api.job(id));
      } catch {
        await refresh();
      }
    },
    show(id) {
      shown = id;
      if (id !== undefined) {
        // Asked even when the list knows it: the list leaves each job's steps out.
        const known = jobs.has(id);
        api.job(id).then(
          (job) => {
            if (!isTerminal(jobs.get(id)?.status ?? '') || isTerminal(job.status)) update(job);
          },
          (error: Error) => {
            if (!known) options.detail.replaceChildren(h('a', { href: '#/', class: 'back' }, '← All jobs'), h('p', { class: 'error-text' }, error.message));
          },
        );
      }
      render();
    },
    refresh,
  };
}

function progressElement(steps: readonly JobStep[]): HTMLElement {
  const done = steps.filter((s) => s.state === 'done').length;
  const rows = steps.reduce((sum, s) => sum + (s.rows ?? 0), 0);
  return h(
    'div',
    { class: 'job-progress', 'data-done': done, 'data-total': steps.length },
    h('progress', { max: steps.length, value: done, 'aria-label': 'Assets done' }),
    h('span', { class: 'hint' }, `${done} of ${steps.length} assets done, ${rows.toLocaleString('en')} rows staged`),
  );
}

function short(id: string): string {
  return id.slice(0, 8);
}

function badge(status: string): HTMLElement {
  return h('span', { class: `badge badge-${status}`, 'data-status': status }, status);
}

function runningSince(job: Job): string | undefined {
  return job.status === 'running' ? job.started_at : undefined;
}

function duration(job: Job): string {
  if (job.duration_ms !== undefined && isTerminal(job.status)) return formatDuration(job.duration_ms);
  if (job.status === 'running' && job.started_at) return `${formatDuration(Date.now() - Date.parse(job.started_at))} so far`;
  return '';
}
