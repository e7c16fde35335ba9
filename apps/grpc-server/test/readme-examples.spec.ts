import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { ServerReflectionService } from 'nice-grpc-server-reflection';
import { ServerReflectionRequest } from 'nice-grpc-server-reflection/lib/proto/grpc/reflection/v1/reflection_pb';
import { PipelineServiceDefinition } from '../src/generated/pipeline/v1/pipeline';
import { EMPLOYEES_CSV, startHarness, type Harness } from './harness';

// Runs the grpcurl examples of docs/grpc.md in order against a real server: with grpcurl itself when it
// is installed, otherwise as the equivalent nice-grpc calls built from the same request JSON.

/** One example line: `[VAR=$(]grpcurl -plaintext [-d JSON] ADDRESS METHOD[ | jq -r .field)]`. */
interface Example {
  readonly line: string;
  readonly capture?: { readonly variable: string; readonly field: string };
  /** The -d argument with `$VAR` references still in it. */
  readonly data?: string;
  /** `list`, `grpc.health.v1.Health/Check` or `pipeline.v1.PipelineService/<Rpc>`. */
  readonly method: string;
}

/** Splits a shell command into words: single quotes, `$VAR` (kept as text), plain characters. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close < 0) throw new Error(`unclosed quote in: ${text}`);
      word += text.slice(i + 1, close);
      i = close;
      inWord = true;
    } else if (c === ' ') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

function parseExample(line: string): Example {
  const m = /^(?:([A-Z]+)=\$\()?(grpcurl .*?)(?: \| jq -r \.(\w+)\))?$/.exec(line);
  if (!m) throw new Error(`docs/grpc.md example not in the expected form: ${line}`);
  const words = shellWords(m[2]);
  expect(words.slice(0, 2)).toEqual(['grpcurl', '-plaintext']);
  const d = words.indexOf('-d');
  const rest = words.slice(d >= 0 ? d + 2 : 2);
  expect(rest[0]).toBe('localhost:50051');
  return {
    line,
    ...(m[1] ? { capture: { variable: m[1], field: m[3] } } : {}),
    ...(d >= 0 ? { data: words[d + 1] } : {}),
    method: rest[1],
  };
}

/** The one sh block of the page's `examples:grpc` part, a command a line. */
function pageExamples(): Example[] {
  const page = readFileSync(join(__dirname, '../../../docs/grpc.md'), 'utf8');
  const part = /<!-- examples:grpc[^>]*-->([\s\S]*?)<!-- \/examples:grpc -->/.exec(page)?.[1];
  if (part === undefined) throw new Error('docs/grpc.md has no examples:grpc part');
  const blocks = [...part.matchAll(/```sh\n([\s\S]*?)```/g)];
  expect(blocks).toHaveLength(1);
  return blocks[0][1].trim().split('\n').map(parseExample);
}

const expand = (text: string, vars: Record<string, string>) => text.replace(/\$([A-Z]+)/g, (_, v: string) => vars[v] ?? '');

const hasGrpcurl = spawnSync('sh', ['-c', 'command -v grpcurl'], { encoding: 'utf8' }).status === 0;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  h.write('employees.csv', EMPLOYEES_CSV);
});
afterAll(() => h.stop());

/** Runs one example with nice-grpc; returns the answer as JSON (camelCase names, like grpcurl). */
async function viaNiceGrpc(example: Example, vars: Record<string, string>): Promise<Record<string, unknown>> {
  const body = example.data === undefined ? {} : (JSON.parse(expand(example.data, vars)) as Record<string, unknown>);
  if (example.method === 'list') {
    const reflection = createClient(ServerReflectionService, h.channel);
    const names: string[] = [];
    async function* one() {
      yield new ServerReflectionRequest().setListServices('*');
    }
    for await (const r of reflection.serverReflectionInfo(one())) {
      for (const s of r.getListServicesResponse()?.getServiceList() ?? []) names.push(s.getName());
    }
    return { services: names.sort() };
  }
  if (example.method === 'grpc.health.v1.Health/Check') {
    const health = createClient(HealthDefinition, h.channel);
    const r = await health.check({ service: String(body['service'] ?? '') });
    return { status: r.status === 1 ? 'SERVING' : String(r.status) };
  }
  const [service, rpc] = example.method.split('/');
  expect(service).toBe('pipeline.v1.PipelineService');
  const methods = PipelineServiceDefinition.methods as Record<string, { name: string; requestType: { fromJSON(o: unknown): unknown }; responseType: { toJSON(m: never): unknown } }>;
  const key = Object.keys(methods).find((k) => methods[k].name === rpc);
  if (!key) throw new Error(`docs/grpc.md names an unknown RPC ${rpc}`);
  const client = h.client as unknown as Record<string, (req: unknown) => Promise<unknown>>;
  const response = await client[key](methods[key].requestType.fromJSON(body));
  return methods[key].responseType.toJSON(response as never) as Record<string, unknown>;
}

function viaGrpcurl(example: Example, vars: Record<string, string>): Record<string, unknown> {
  const command = example.line.replace(/^[A-Z]+=\$\(/, '').replace(/ \| jq -r \.\w+\)$/, '').replaceAll('localhost:50051', h.address);
  const out = execFileSync('bash', ['-c', command], { env: { ...process.env, ...vars }, encoding: 'utf8' });
  if (example.method === 'list') return { services: out.trim().split('\n').filter((s) => !s.startsWith('grpc.reflection')).sort() };
  return JSON.parse(out) as Record<string, unknown>;
}

describe(`docs/grpc.md grpcurl examples (run ${hasGrpcurl ? 'with grpcurl' : 'as equivalent nice-grpc calls'})`, () => {
  it('all run in order and give the documented answers', async () => {
    const examples = pageExamples();
    expect(examples.map((e) => e.method.split('/').pop())).toEqual([
      'list',
      'Check',
      'Health',
      'ValidatePipeline',
      'ValidatePipeline',
      'ExplainPipeline',
      'SubmitJob',
      'WaitForJob',
      'GetJob',
      'CancelJob',
      'ListJobs',
      'InspectSource',
      'CreateSession',
      'ReadInput',
      'ApplyTransform',
      'WriteOutput',
      'ExecutePipeline',
      'CloseSession',
    ]);
    const vars: Record<string, string> = {};
    const answers: Record<string, unknown>[] = [];
    for (const example of examples) {
      const answer = hasGrpcurl ? viaGrpcurl(example, vars) : await viaNiceGrpc(example, vars);
      answers.push(answer);
      if (example.capture) {
        const value = answer[example.capture.field];
        expect(typeof value).toBe('string');
        vars[example.capture.variable] = value as string;
      }
    }
    // int64 fields: grpcurl prints strings, ts-proto's toJSON numbers; compare as numbers.
    const n = (v: unknown) => Number(v);
    expect(answers[0]).toEqual({ services: ['grpc.health.v1.Health', 'pipeline.v1.PipelineService'] });
    expect(answers[1]).toEqual({ status: 'SERVING' });
    expect(answers[2]).toMatchObject({ status: 'ok' });
    expect(answers[3]).toEqual({ valid: true });
    const v001 = 'V-001: asset "out" references unknown asset "nowhere"';
    expect(answers[4]).toEqual({ error: v001, specCode: 'E-REF-001', errors: [{ code: 'V-001', message: v001, asset: 'out', field: 'from', line: 8, column: 31, specCode: 'E-REF-001' }] });
    expect(String(answers[5]['plan'])).toMatch(/^=== Pipeline Execution Plan ===\n/);
    expect(answers[6]).toMatchObject({ status: 'queued' });
    expect(answers[7]).toMatchObject({ id: vars['JOB'], status: 'completed' });
    expect(answers[8]).toMatchObject({ id: vars['JOB'], status: 'completed' });
    expect(answers[9]).toEqual({ status: 'completed' }); // cancelled: false is the default, so left out
    expect((answers[10]['jobs'] as { id: string }[]).map((j) => j.id)).toEqual([vars['JOB']]);
    expect(n(answers[11]['rowCount'])).toBe(12);
    expect(n(answers[13]['rowCount'])).toBe(12);
    expect(n(answers[14]['rowCount'])).toBe(7);
    expect(n(answers[15]['rowsWritten'])).toBe(7);
    expect(answers[16]).toMatchObject({ status: 'completed' });
    expect(answers[17]).toEqual({});
    expect(h.read('out/rich.csv').trim().split('\n')).toHaveLength(8);
  });
});
