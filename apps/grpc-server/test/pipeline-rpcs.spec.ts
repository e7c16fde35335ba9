import { createClient } from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { ServerReflectionService } from 'nice-grpc-server-reflection';
import { ServerReflectionRequest } from 'nice-grpc-server-reflection/lib/proto/grpc/reflection/v1/reflection_pb';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMPLOYEES_CSV, employeesPipeline, failure, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

describe('Health', () => {
  it('answers ok with the workspace version', async () => {
    const version = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')).version;
    await expect(h.client.health({})).resolves.toEqual({ status: 'ok', version });
  });

  it('serves the standard grpc.health.v1 service: the server SERVING, the pipeline service once ready', async () => {
    const health = createClient(HealthDefinition, h.channel);
    await expect(health.check({ service: '' })).resolves.toMatchObject({ status: 1 /* SERVING */ });
    // NOT_SERVING (2) only while the workers open their engines; Watch tells the change.
    const abort = new AbortController();
    const seen: number[] = [];
    for await (const { status } of health.watch({ service: 'pipeline.v1.PipelineService' }, { signal: abort.signal })) {
      seen.push(status);
      if (status === 1) break;
    }
    abort.abort();
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((s) => s === 1 || s === 2)).toBe(true);
    await expect(health.check({ service: 'pipeline.v1.PipelineService' })).resolves.toMatchObject({ status: 1 });
  });

  it('lists its services through server reflection', async () => {
    const reflection = createClient(ServerReflectionService, h.channel);
    async function* requests() {
      yield new ServerReflectionRequest().setListServices('*');
    }
    const names: string[] = [];
    for await (const response of reflection.serverReflectionInfo(requests())) {
      for (const s of response.getListServicesResponse()?.getServiceList() ?? []) names.push(s.getName());
    }
    expect(names.sort()).toEqual(['grpc.health.v1.Health', 'pipeline.v1.PipelineService']);
  });
});

describe('ValidatePipeline', () => {
  it('accepts a valid pipeline', async () => {
    await expect(h.client.validatePipeline({ yaml: employeesPipeline() })).resolves.toEqual({ valid: true, error: '', errors: [], specCode: '' });
  });

  it('reports a validation error in the answer, not as a failed call', async () => {
    const yaml = employeesPipeline().replace('from: by_dept', 'from: nonexistent');
    const message = 'V-001: asset "summary" references unknown asset "nonexistent"';
    const answer = await h.client.validatePipeline({ yaml });
    expect(answer).toMatchObject({ valid: false, error: message, specCode: 'E-REF-001' });
    expect(answer.errors).toEqual([{ code: 'V-001', message, asset: 'summary', field: 'from', line: expect.any(Number), column: expect.any(Number), specCode: 'E-REF-001' }]);
  });

  it('lists every problem in document order, each with its line and column and a close name', async () => {
    const yaml = [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: {input: {format: csv, path: a.csv}}',
      '    - asset_ref: active',
      '      source: {where: {from: raw, filter: "x >"}}',
      '    - asset_ref: out',
      '      source: {output: {from: actve, format: csv, path: o.csv}}',
      '',
    ].join('\n');
    const answer = await h.client.validatePipeline({ yaml });
    expect(answer.error).toBe(answer.errors[0]?.message);
    expect(answer.errors.map(({ code, asset, field, line, column }) => ({ code, asset, field, line, column }))).toEqual([
      { code: 'V-009', asset: 'active', field: 'filter', line: 7, column: 43 },
      { code: 'V-001', asset: 'out', field: 'from', line: 9, column: 31 },
    ]);
    expect(answer.errors[1]?.message).toMatch(/\(did you mean "active"\?\)$/);
  });

  it('reports a parse error in the answer', async () => {
    const result = await h.client.validatePipeline({ yaml: 'version: "3.0"\npipeline: [unclosed' });
    expect(result.valid).toBe(false);
    expect(result.error).toMatch(/^parse error: /);
  });

  it('substitutes variables', async () => {
    const yaml = employeesPipeline('${OUT:out/x.csv}', '${MODE}');
    await expect(h.client.validatePipeline({ yaml, variables: { MODE: 'append' } })).resolves.toEqual({ valid: true, error: '', errors: [], specCode: '' });
    const missing = await h.client.validatePipeline({ yaml });
    expect(missing.error).toBe('V-010: unresolved variable "MODE" in asset "summary" field "mode"');
    expect(missing.specCode).toBe('E-VAR-001');
  });
});

describe('columns checked before running (an input\'s CSV header in the data root)', () => {
  // employeesPipeline's `where` reads `salary`; misspelt, the header of employees.csv tells.
  const misspelt = () => employeesPipeline('out/cols.csv').replace('filter: salary > 50000', 'filter: salry > 50000');
  const MESSAGE = 'V-009: E-COL-001: asset "active": filter: column "salry" not found (columns: id, name, department, salary, active) (did you mean "salary"?)';
  beforeAll(() => h.write('employees.csv', EMPLOYEES_CSV));

  it.each(['duckdb', 'danfo'])('ValidatePipeline answers a V-009 at the filter, naming salary (%s)', async (backend) => {
    const answer = await h.client.validatePipeline({ yaml: misspelt(), backend });
    expect(answer).toEqual({
      valid: false,
      error: MESSAGE,
      specCode: 'E-COL-001',
      errors: [{ code: 'V-009', message: MESSAGE, asset: 'active', field: 'filter', line: 17, column: 19, specCode: 'E-COL-001' }],
    });
  });

  it('SubmitJob refuses it with INVALID_ARGUMENT and the same message', async () => {
    await expect(failure(h.client.submitJob({ yaml: misspelt() }))).resolves.toEqual({ code: 'INVALID_ARGUMENT', details: `validation failed: ${MESSAGE}` });
  });
});

describe('ExplainPipeline', () => {
  it('renders the plan text', async () => {
    const { plan } = await h.client.explainPipeline({ yaml: employeesPipeline('out/summary.parquet').replace('format: csv\n          path: out', 'format: parquet\n          path: out') });
    expect(plan).toBe(`=== Pipeline Execution Plan ===

--- Inputs ---
  [raw] format=csv, path=employees.csv

--- Transformations ---
  [active] WHERE (from: raw)
  [slim] SELECT (from: active)
  [by_dept] GROUP BY (from: slim)

--- Outputs ---
  [summary] from=by_dept, format=parquet, mode=Overwrite, path=out/summary.parquet

Total: 1 inputs, 3 transformations, 1 outputs
Execution waves: 5
  Wave 0: raw
  Wave 1: active
  Wave 2: slim
  Wave 3: by_dept
  Wave 4: summary`);
  });

  it('with physical, adds the steps the backend would run (DuckDB with their SQL), reading no file', async () => {
    const plain = await h.client.explainPipeline({ yaml: employeesPipeline() });
    expect(plain.physical).toBeUndefined();
    const onDanfo = await h.client.explainPipeline({ yaml: employeesPipeline(), backend: 'danfo', physical: true });
    expect(onDanfo.plan).toBe(plain.plan);
    expect(onDanfo.physical).toEqual({ backend: 'danfo', layout: 'handles', text: expect.any(String) });
    expect(onDanfo.physical?.text.split('\n').slice(0, 4)).toEqual([
      'physical plan of "employees" on danfo (handles)',
      '  1. read raw [handle] csv employees.csv',
      '  2. relation active [handle] where of raw; blame active.filter',
      '  3. release raw',
    ]);
    const onDuckDb = await h.client.explainPipeline({ yaml: employeesPipeline(), physical: true });
    expect(onDuckDb.physical).toMatchObject({ backend: 'duckdb', layout: 'streamed' });
    expect(onDuckDb.physical?.text).toContain("\n  1. read raw [inline] csv employees.csv\n       read_csv('employees.csv', header=true,");
    expect(onDuckDb.physical?.text).toMatch(/\n {2}\d+\. stage summary from by_dept to csv out\/summary\.csv \(overwrite\); streams active, slim, by_dept\n {7}COPY \(SELECT \* FROM "by_dept"\) TO 'out\/summary\.csv' /);
  });

  it('with lineage, adds the lineage document as JSON: propagated tags, URNs, impact (spec 18)', async () => {
    const yaml = [
      'version: "3.0"',
      'pipeline: {name: crm, namespace: com.example}',
      'input:',
      '  - {name: customers, format: csv, path: c.csv, tags: [pii]}',
      'transformation:',
      '  - {name: safe, select: {from: customers, columns: [id]}, removeTags: [pii], tags: [clean]}',
      'output:',
      '  - {name: safe, format: csv, mode: overwrite, path: out}',
    ].join('\n');
    expect((await h.client.explainPipeline({ yaml })).lineageJson).toBe('');
    const answer = await h.client.explainPipeline({ yaml, lineage: true });
    const lineage = JSON.parse(answer.lineageJson);
    expect(lineage.assets.map((a: { asset: string; urn: string; tags: string[] }) => [a.asset, a.urn, a.tags])).toEqual([
      ['customers', 'teckel://com.example/customers', ['pii']],
      ['safe', 'teckel://com.example/safe', ['clean']],
      ['output_safe', 'teckel://com.example/output_safe', ['clean']],
    ]);
    await expect(failure(h.client.validatePipeline({ yaml, lineage: true }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'invalid request: "lineage" applies to ExplainPipeline only',
    });
  });

  it('physical belongs to ExplainPipeline only: ValidatePipeline and SubmitJob refuse it', async () => {
    for (const rpc of ['validatePipeline', 'submitJob'] as const) {
      await expect(failure(h.client[rpc]({ yaml: employeesPipeline(), physical: true }))).resolves.toEqual({
        code: 'INVALID_ARGUMENT',
        details: 'invalid request: "physical" applies to ExplainPipeline only',
      });
    }
  });

  it('fails with INVALID_ARGUMENT "parse error: ..." for text that does not parse', async () => {
    const f = await failure(h.client.explainPipeline({ yaml: '- just\n- a list' }));
    expect(f.code).toBe('INVALID_ARGUMENT');
    expect(f.details).toMatch(/^parse error: /);
  });

  it('fails with INVALID_ARGUMENT "validation failed: V-..." for an invalid pipeline', async () => {
    const yaml = employeesPipeline().replace('from: by_dept', 'from: nonexistent');
    await expect(failure(h.client.explainPipeline({ yaml }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'validation failed: V-001: asset "summary" references unknown asset "nonexistent"',
    });
  });
});

describe('request checks shared by ValidatePipeline, ExplainPipeline and SubmitJob', () => {
  const rpcs = ['validatePipeline', 'explainPipeline', 'submitJob'] as const;

  it.each(rpcs)('%s rejects an unknown backend before reading the YAML', async (rpc) => {
    await expect(failure(h.client[rpc]({ yaml: 'not: [a pipeline', backend: 'flink' }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'unknown backend "flink" (expected duckdb, danfo, spark)',
    });
  });

  it.each(rpcs)('%s rejects backend options', async (rpc) => {
    await expect(failure(h.client[rpc]({ yaml: employeesPipeline(), backendOptions: { threads: '2' } }))).resolves.toEqual({
      code: 'INVALID_ARGUMENT',
      details: 'invalid request: unknown backend option "threads" (no backend options are accepted)',
    });
  });

  it('accepts "", duckdb and danfo', async () => {
    for (const backend of ['', 'duckdb', 'danfo']) {
      await expect(h.client.validatePipeline({ yaml: employeesPipeline(), backend })).resolves.toEqual({ valid: true, error: '', errors: [], specCode: '' });
      await expect(h.client.explainPipeline({ yaml: employeesPipeline(), backend })).resolves.toEqual({ plan: expect.stringMatching(/^=== Pipeline/), lineageJson: '' });
    }
  });
});
