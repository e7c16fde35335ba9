/**
 * The curl examples of docs/http-api.md and the README's first job, run as written (bash + curl +
 * jq) against a real server over a copy of sample-data, each answer checked against the status and
 * body the page shows under it.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from './helpers';

const ROOT = path.resolve(__dirname, '../../..');
const DOC_BASE = 'http://localhost:8080';

interface Example {
  readonly script: string;
  readonly status: number;
  readonly body: string;
}

/** The pages whose `examples:http` part holds curl examples, relative to the repository root. */
// In this order: the API page's job list shows its own job only.
const PAGES = { api: 'docs/http-api.md', readme: 'README.md' } as const;

/** The sh blocks of a page's `examples:http` part, each with the `HTTP <status>` block after it. */
function readExamples(page: string): Example[] {
  const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
  const part = /<!-- examples:http[^>]*-->([\s\S]*?)<!-- \/examples:http -->/.exec(text)?.[1];
  if (part === undefined) throw new Error(`${page} has no examples:http part`);
  const blocks = [...part.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map(([, lang, body]) => ({ lang, text: body }));
  const result: Example[] = [];
  for (let i = 0; i < blocks.length; i++) {
    if (blocks[i].lang !== 'sh') {
      if (blocks[i - 1]?.lang !== 'sh') throw new Error(`${page}: a ${blocks[i].lang || 'plain'} block that answers no curl example:\n${blocks[i].text}`);
      continue;
    }
    const answer = blocks[i + 1];
    const match = answer?.lang === 'text' ? /^HTTP (\d{3})\n([\s\S]*)$/.exec(answer.text) : null;
    if (!match) throw new Error(`${page}: curl example without an "HTTP <status>" answer after it:\n${blocks[i].text}`);
    result.push({ script: blocks[i].text, status: Number(match[1]), body: match[2].trimEnd() });
  }
  return result;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** The rows of a job's output, read back whole (`truncated: false` is compared as documented). */
const UNORDERED_ROWS = /\/outputs\/[^/]+\/rows[^"]*"\.rows$/;
/** The job list's `version`: a digest of its jobs' ids and statuses. */
const LIST_VERSION = /^[A-Za-z0-9_-]{22}$/;

/**
 * Compares an answer with the documented one: ids, times and durations by shape (a documented id
 * must stand for the same real id everywhere), a string ending in `...` as a prefix, the rest exactly.
 */
function expectMatches(actual: unknown, documented: unknown, ids: Map<string, string>, where: string): void {
  if (typeof documented === 'string' && UUID.test(documented)) {
    expect({ where, id: actual }).toEqual({ where, id: expect.stringMatching(UUID) });
    const known = ids.get(documented);
    if (known === undefined) ids.set(documented, actual as string);
    else expect({ where, id: actual }).toEqual({ where, id: known });
  } else if (typeof documented === 'string' && ISO_MS.test(documented)) {
    expect({ where, time: actual }).toEqual({ where, time: expect.stringMatching(ISO_MS) });
  } else if (typeof documented === 'string' && documented.endsWith('...')) {
    expect({ where, text: actual }).toEqual({ where, text: expect.stringMatching(`^${escape(documented.slice(0, -3))}`) });
  } else if (where.endsWith('.duration_ms')) {
    expect(Number.isInteger(actual) && (actual as number) >= 0).toBe(true);
  } else if (where.endsWith('.ms')) {
    expect({ where, ms: typeof actual === 'number' && actual >= 0 }).toEqual({ where, ms: true });
  } else if (where.endsWith('.version') && typeof documented === 'string' && LIST_VERSION.test(documented)) {
    expect({ where, version: actual }).toEqual({ where, version: expect.stringMatching(LIST_VERSION) });
  } else if (where.endsWith('.version')) {
    expect({ where, version: actual }).toEqual({ where, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  } else if (Array.isArray(documented) && UNORDERED_ROWS.test(where)) {
    // An output's rows after a group_by: the groups' order is not defined (the docs say so).
    const sorted = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).sort();
    expect({ where, rows: sorted(actual as unknown[]) }).toEqual({ where, rows: sorted(documented) });
  } else if (Array.isArray(documented)) {
    expect({ where, length: (actual as unknown[]).length }).toEqual({ where, length: documented.length });
    documented.forEach((item, i) => expectMatches((actual as unknown[])[i], item, ids, `${where}[${i}]`));
  } else if (typeof documented === 'object' && documented !== null) {
    expect({ where, keys: Object.keys(actual as object).sort() }).toEqual({ where, keys: Object.keys(documented).sort() });
    for (const [key, value] of Object.entries(documented)) {
      expectMatches((actual as Record<string, unknown>)[key], value, ids, `${where}.${key}`);
    }
  } else {
    expect({ where, value: actual }).toEqual({ where, value: documented });
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Bash prologue: curl records each answer's status in $STATUS_FILE and prints only the body. */
const CURL_WRAPPER = `
curl() {
  local out
  out=$(command curl -w '\\n%{http_code}' "$@"; printf x)
  out=\${out%x}
  printf '%s\\n' "\${out##*$'\\n'}" >> "$STATUS_FILE"
  printf '%s' "\${out%$'\\n'*}"
}
`;

let server: TestServer;
/** Stands for the repository root the examples run from: it holds sample-data only. */
let work: string;
let statuses: string;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'http-server-readme-'));
  statuses = fs.mkdtempSync(path.join(os.tmpdir(), 'http-server-readme-statuses-'));
  fs.cpSync(path.join(ROOT, 'sample-data'), path.join(work, 'sample-data'), { recursive: true });
  fs.rmSync(path.join(work, 'sample-data', 'out'), { recursive: true, force: true });
  server = await startTestServer({ dataRoot: path.join(work, 'sample-data'), workers: 1 });
});

afterAll(async () => {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(statuses, { recursive: true, force: true });
});

it('finds a curl example for every endpoint in docs/http-api.md', () => {
  const scripts = readExamples(PAGES.api).map((e) => e.script.replace(/\s*\\\n\s*/g, ' '));
  const has = (pattern: RegExp) => scripts.some((s) => pattern.test(s));
  expect(has(/curl -s http:\/\/localhost:8080\/api\/health/)).toBe(true);
  expect(has(/curl -s http:\/\/localhost:8080\/api\/validate /)).toBe(true);
  expect(has(/curl -s http:\/\/localhost:8080\/api\/explain /)).toBe(true);
  expect(has(/curl -s http:\/\/localhost:8080\/api\/jobs -d/)).toBe(true);
  expect(has(/curl -s http:\/\/localhost:8080\/api\/jobs$/m)).toBe(true);
  expect(has(/curl -s http:\/\/localhost:8080\/api\/jobs\/\$JOB_ID$/m)).toBe(true);
  expect(has(/\/api\/jobs\/\$JOB_ID\/wait\?timeout=60/)).toBe(true);
  expect(has(/curl -s -X DELETE http:\/\/localhost:8080\/api\/jobs\/\$JOB_ID/)).toBe(true);
  expect(has(/-X OPTIONS/)).toBe(true);
});

it('shows the README\'s first job from submit to its rows, with the pipeline it shows', () => {
  const scripts = readExamples(PAGES.readme).map((e) => e.script.replace(/\s*\\\n\s*/g, ' '));
  expect(scripts).toHaveLength(3);
  expect(scripts[0]).toMatch(/curl -s http:\/\/localhost:8080\/api\/jobs -d .*sample-data\/pipelines\/teckel-top-earners\.yaml/);
  expect(scripts[1]).toContain('/api/jobs/$JOB_ID/wait?timeout=60');
  expect(scripts[2]).toContain('/api/jobs/$JOB_ID/outputs/output_top_earners/rows');
  // The YAML shown is the sample file as it is, less its leading comment.
  const readme = fs.readFileSync(path.join(ROOT, PAGES.readme), 'utf8');
  const shown = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1];
  const file = fs.readFileSync(path.join(ROOT, 'sample-data/pipelines/teckel-top-earners.yaml'), 'utf8');
  expect(shown).toBe(file.replace(/^(#.*\n)+/, ''));
});

it.each(Object.entries(PAGES))('answers every curl example of %s as documented', async (_name, page) => {
  const examples = readExamples(page);
  const statusFile = path.join(statuses, `${_name}.txt`);
  const script = [
    'set -e',
    CURL_WRAPPER,
    ...examples.map((e, i) => [`printf '\\n@@example ${i}@@\\n'`, `echo '@@example ${i}@@' >> "$STATUS_FILE"`, e.script].join('\n')),
  ]
    .join('\n')
    .replaceAll(DOC_BASE, server.url);
  // Asynchronous: the server answering these requests runs in this very process.
  const { stdout } = await promisify(execFile)('bash', ['--norc', '--noprofile', '-c', script], {
    cwd: work,
    env: { PATH: process.env['PATH'] ?? '', STATUS_FILE: statusFile },
    encoding: 'utf8',
    timeout: 60_000,
  });
  // Run from the repository root, an example that wrote a file there (`tee job.json`) would leave it behind.
  expect(fs.readdirSync(work)).toEqual(['sample-data']);
  const outputs = stdout.split(/\n@@example \d+@@\n/).slice(1);
  const answered = fs.readFileSync(statusFile, 'utf8').split(/@@example \d+@@\n/).slice(1);
  expect(outputs).toHaveLength(examples.length);

  const ids = new Map<string, string>();
  examples.forEach((example, i) => {
    const where = `example ${i}: ${example.script.split('\n')[0]}`;
    const lastStatus = answered[i].trim().split('\n').pop();
    expect({ where, status: Number(lastStatus) }).toEqual({ where, status: example.status });
    const output = outputs[i].replace(/\r/g, '').trimEnd();
    let documented: unknown;
    try {
      documented = JSON.parse(example.body);
    } catch {
      expect({ where, body: output }).toEqual({ where, body: example.body });
      return;
    }
    expectMatches(JSON.parse(output), documented, ids, where);
  });
});
