/**
 * Black-box tests of the pipeline endpoints, request parsing, errors and CORS: a real server on
 * port 0, spoken to with fetch.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EMPLOYEES_CSV, postJson, request, startTestServer, type TestServer } from './helpers';
import { SERVICE_VERSION } from '@pipeline/server-kit';
import { VALIDATE_ERRORS_EXAMPLE } from '../src/openapi/examples';

const EXPLAIN_YAML = `
version: "3.0"
pipeline:
  name: employees
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: employees.csv }
    - asset_ref: active
      source:
        where: { from: raw, filter: "salary > \${MIN:50000}" }
    - asset_ref: slim
      source:
        select: { from: active, columns: [name, department, salary] }
    - asset_ref: by_dept
      source:
        group_by: { from: slim, by: [department], agg: ["AVG(salary) AS avg_salary"] }
    - asset_ref: summary
      source:
        output: { from: by_dept, format: parquet, path: "\${OUT:out}/summary.parquet", mode: overwrite }
`;

const EXPECTED_PLAN = `=== Pipeline Execution Plan ===

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
  Wave 4: summary`;

const V001_YAML = `
version: "3.0"
pipeline:
  name: broken
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: a.csv }
    - asset_ref: missing
      source:
        where: { from: nonexistent, filter: "x > 1" }
    - asset_ref: out
      source:
        output: { from: missing, format: csv, path: b.csv, mode: overwrite }
`;
const V001_MESSAGE = 'V-001: asset "missing" references unknown asset "nonexistent"';

const NOT_YAML = 'pipeline: [unclosed';

// Two broken assets, a misspelt reference among them; the OpenAPI example is this answer.
const VALIDATE_ERRORS_YAML = `version: "3.0"
pipeline:
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: employees.csv }
    - asset_ref: active
      source:
        where: { from: raw, filter: "salary > 50000" }
    - asset_ref: totals
      source:
        group_by: { from: actve, by: [department], agg: ["AVG(salary) AS avg_salary"] }
    - asset_ref: top
      source:
        select: { from: active, columns: ["name +"] }
    - asset_ref: summary
      source:
        output: { from: totals, format: csv, path: out/summary.csv }
`;

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startTestServer({ bodyLimit: 64 * 1024 });
  api = `${server.url}/api`;
});

afterAll(async () => {
  await server.stop();
});

afterEach(() => {
  // No request of these tests is an unexpected failure.
  expect(server.errors).toEqual([]);
});

describe('GET /api/health', () => {
  it('answers ok and the root package version', async () => {
    const res = await request(`${api}/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 'ok', version: SERVICE_VERSION });
  });
});

describe('GET /api/ready', () => {
  it('answers 200 {status:"ready"} once the workers have opened their engines', async () => {
    let res = await request(`${api}/ready`);
    for (let i = 0; i < 100 && res.status === 503; i++) {
      expect(res.body).toEqual({ status: 'not ready', reason: 'starting' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      res = await request(`${api}/ready`);
    }
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });
});

describe('POST /api/validate', () => {
  it('answers {valid:true} for a valid pipeline', async () => {
    const res = await postJson(`${api}/validate`, { yaml: EXPLAIN_YAML });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
  });

  it('answers 200 {valid:false, error} with the validation message', async () => {
    const res = await postJson(`${api}/validate`, { yaml: V001_YAML });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: false,
      error: V001_MESSAGE,
      spec_code: 'E-REF-001',
      errors: [{ code: 'V-001', message: V001_MESSAGE, asset: 'missing', field: 'from', line: 11, column: 24, spec_code: 'E-REF-001' }],
    });
  });

  it('lists every problem in document order, each where it is, the first also as error', async () => {
    const res = await postJson(`${api}/validate`, { yaml: VALIDATE_ERRORS_YAML });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(VALIDATE_ERRORS_EXAMPLE);
  });

  it('answers 200 {valid:false} with a parse error for text that is not YAML', async () => {
    const res = await postJson(`${api}/validate`, { yaml: NOT_YAML });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.error).toMatch(/^parse error: /);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'errors', 'valid']);
    expect(res.body.errors).toEqual([{ code: 'PARSE', message: res.body.error, line: 2, column: 1 }]);
  });

  it('applies the request variables', async () => {
    const yaml = V001_YAML.replace('from: nonexistent', 'from: "${SRC}"');
    expect((await postJson(`${api}/validate`, { yaml, variables: { SRC: 'raw' } })).body).toEqual({ valid: true });
    expect((await postJson(`${api}/validate`, { yaml, variables: { SRC: 'nope' } })).body).toMatchObject({
      valid: false,
      error: 'V-001: asset "missing" references unknown asset "nope"',
      spec_code: 'E-REF-001',
    });
  });

  it('reports an unresolved variable as V-010', async () => {
    const yaml = V001_YAML.replace('from: nonexistent', 'from: "${SRC}"');
    const res = await postJson(`${api}/validate`, { yaml });
    expect(res.status).toBe(200);
    expect(res.body.error).toMatch(/^V-010: unresolved variable "SRC"/);
  });
});

describe('columns checked before running (an input\'s CSV header in the data root)', () => {
  const yaml = (agg: string) => `version: "3.0"
pipeline:
  assets:
    - asset_ref: raw
      source:
        input: { format: csv, path: cols/employees.csv }
    - asset_ref: totals
      source:
        group_by: { from: raw, by: [department], agg: ["${agg}"] }
    - asset_ref: summary
      source:
        output: { from: totals, format: csv, path: out/cols.csv }
`;
  const MESSAGE = 'V-009: E-COL-001: asset "totals": agg[0]: column "salry" not found (columns: id, name, department, salary) (did you mean "salary"?)';

  beforeAll(() => {
    fs.mkdirSync(path.join(server.dataRoot, 'cols'), { recursive: true });
    fs.writeFileSync(path.join(server.dataRoot, 'cols', 'employees.csv'), EMPLOYEES_CSV);
  });

  it.each(['duckdb', 'danfo'])('validate answers AVG(salry) with a V-009 at the expression, naming salary (%s)', async (backend) => {
    const res = await postJson(`${api}/validate`, { yaml: yaml('AVG(salry) AS avg_salary'), backend });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: false,
      error: MESSAGE,
      spec_code: 'E-COL-001',
      errors: [{ code: 'V-009', message: MESSAGE, asset: 'totals', field: 'agg[0]', line: 9, column: 56, spec_code: 'E-COL-001' }],
    });
    expect((await postJson(`${api}/validate`, { yaml: yaml('AVG(salary) AS avg_salary'), backend })).body).toEqual({ valid: true });
  });

  it('submit refuses the job with the same message, before any job is made', async () => {
    const before = (await request(`${api}/jobs`)).body.jobs.length;
    const res = await postJson(`${api}/jobs`, { yaml: yaml('AVG(salry) AS avg_salary') });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`validation failed: ${MESSAGE}`);
    expect((await request(`${api}/jobs`)).body.jobs.length).toBe(before);
  });

  it('a missing input file validates as before (the job reports it)', async () => {
    const res = await postJson(`${api}/validate`, { yaml: yaml('AVG(salry) AS avg_salary').replace('cols/employees.csv', 'cols/none.csv') });
    expect(res.body).toEqual({ valid: true });
  });
});

describe('POST /api/explain', () => {
  it('answers the plan text, variables substituted', async () => {
    const res = await postJson(`${api}/explain`, { yaml: EXPLAIN_YAML, variables: { MIN: '60000' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ plan: EXPECTED_PLAN });
  });

  it('?physical=true adds the steps the body\'s backend would run, reading no file', async () => {
    const res = await postJson(`${api}/explain?physical=true`, { yaml: EXPLAIN_YAML, backend: 'danfo' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      plan: EXPECTED_PLAN,
      physical: {
        backend: 'danfo',
        layout: 'handles',
        text: [
          'physical plan of "employees" on danfo (handles)',
          '  1. read raw [handle] csv employees.csv',
          '  2. relation active [handle] where of raw; blame active.filter',
          '  3. release raw',
          '  4. relation slim [handle] select of active; blame slim.columns',
          '  5. release active',
          '  6. relation by_dept [handle] group_by of slim; blame by_dept.by',
          '  7. release slim',
          '  8. stage summary from by_dept to parquet out/summary.parquet (overwrite)',
          '  9. release by_dept',
          ' 10. commit summary',
        ].join('\n'),
      },
    });
    const onDuckDb = await postJson(`${api}/explain?physical=true`, { yaml: EXPLAIN_YAML });
    expect(onDuckDb.body.physical.text.split('\n').filter((line: string) => /^ +\d+\. /.test(line))).toEqual([
      '  1. read raw [inline] csv employees.csv',
      '  2. relation active [view] where of raw; blame active.filter',
      '  3. relation slim [view] select of active; blame slim.columns',
      '  4. relation by_dept [inline] group_by of slim; blame by_dept.by/agg',
      '  5. stage summary from by_dept to parquet out/summary.parquet (overwrite); streams active, slim, by_dept',
      '  6. commit summary',
    ]);
    expect(onDuckDb.body.physical.text).toContain(`\n       COPY (SELECT * FROM "by_dept") TO 'out/summary.parquet' (FORMAT parquet`);
  });

  it('?physical must be true or false; danfo refuses a kind it does not run (V-014)', async () => {
    const bad = await postJson(`${api}/explain?physical=yes`, { yaml: EXPLAIN_YAML });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid request: query parameter "physical" must be true or false (got "yes")' } });
    const flattened = EXPLAIN_YAML.replace('select: { from: active, columns: [name, department, salary] }', 'flatten: { from: active }');
    const flattenOnDanfo = await postJson(`${api}/explain?physical=true`, { yaml: flattened, backend: 'danfo' });
    expect(flattenOnDanfo).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^validation failed: V-014: .*flatten/) } });
  });

  it('?lineage=true adds the lineage document: propagated tags, URNs, impact, exposures (spec 18)', async () => {
    const yaml = [
      'version: "3.0"',
      'pipeline: {name: crm, namespace: com.example}',
      'input:',
      '  - {name: customers, format: csv, path: c.csv, tags: [pii]}',
      '  - {name: orders, format: csv, path: o.csv, tags: [sales]}',
      'transformation:',
      '  - name: both',
      '    join: {left: customers, right: [{name: orders, type: inner, on: ["customers.id = orders.cid"]}]}',
      '    removeTags: [pii]',
      'output:',
      '  - {name: both, format: csv, mode: overwrite, path: out}',
      'exposures:',
      '  - {name: dash, type: dashboard, depends_on: [output_both]}',
    ].join('\n');
    const res = await postJson(`${api}/explain?lineage=true`, { yaml });
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatch(/^=== Pipeline Execution Plan ===/);
    const both = res.body.lineage.assets.find((a: { asset: string }) => a.asset === 'both');
    expect(both).toMatchObject({ urn: 'teckel://com.example/both', tags: ['sales'], upstream: ['customers', 'orders'], allDownstream: ['output_both', 'exposure:dash'] });
    expect(res.body.lineage.exposures).toEqual([{ name: 'dash', type: 'dashboard', dependsOn: ['output_both'], tags: [], urns: ['teckel://com.example/output_both'] }]);
    expect((await postJson(`${api}/explain`, { yaml })).body).not.toHaveProperty('lineage');
    const bad = await postJson(`${api}/explain?lineage=1`, { yaml });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid request: query parameter "lineage" must be true or false (got "1")' } });
  });

  it('answers 400 "parse error: ..." for text that is not YAML', async () => {
    const res = await postJson(`${api}/explain`, { yaml: NOT_YAML });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(res.body.error).toMatch(/^parse error: /);
  });

  it('answers 400 "validation failed: V-..." for an invalid pipeline', async () => {
    const res = await postJson(`${api}/explain`, { yaml: V001_YAML });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `validation failed: ${V001_MESSAGE}` });
  });
});

describe('request bodies', () => {
  const endpoints = ['validate', 'explain', 'jobs'];

  it.each(endpoints)('%s: malformed JSON is 400 invalid request', async (endpoint) => {
    const res = await request(`${api}/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"yaml": "x",',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^invalid request: body is not valid JSON: /);
  });

  it.each(endpoints)('%s: a missing yaml is 400 invalid request', async (endpoint) => {
    const res = await postJson(`${api}/${endpoint}`, { variables: {} });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid request: "yaml" is required' });
  });

  it.each(endpoints)('%s: an empty body is 400 invalid request', async (endpoint) => {
    const res = await request(`${api}/${endpoint}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'invalid request: "yaml" is required' });
  });

  it.each([
    [{ yaml: 1 }, 'invalid request: "yaml" must be a string (got number)'],
    [[{ yaml: 'x' }], 'invalid request: the body must be a JSON object with a string "yaml" (got an array)'],
    [{ yaml: 'x', variables: { A: 1 } }, 'invalid request: "variables.A" must be a string (got number)'],
    [{ yaml: 'x', variables: ['A'] }, 'invalid request: "variables" must be an object mapping names to strings (got an array)'],
    [{ yaml: 'x', backend: 'flink' }, 'invalid request: unknown backend "flink" (expected duckdb, danfo, spark)'],
    [{ yaml: 'x', backend: 7 }, 'invalid request: "backend" must be a string (got number)'],
    [{ yaml: 'x', varaibles: {} }, 'invalid request: unknown field "varaibles" (expected yaml, variables, backend)'],
  ])('rejects %j with 400 on every pipeline endpoint', async (body, error) => {
    for (const endpoint of endpoints) {
      const res = await postJson(`${api}/${endpoint}`, body);
      expect({ endpoint, status: res.status, body: res.body }).toEqual({ endpoint, status: 400, body: { error } });
    }
  });

  it('accepts a known backend and reads a body sent without a JSON content type', async () => {
    const res = await request(`${api}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify({ yaml: EXPLAIN_YAML, backend: 'danfo' }),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
  });

  it('answers 413 for a body over the limit, on every pipeline endpoint', async () => {
    const big = JSON.stringify({ yaml: 'x'.repeat(65 * 1024) });
    for (const endpoint of endpoints) {
      const res = await request(`${api}/${endpoint}`, { method: 'POST', body: big });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'request body is larger than the limit of 65536 bytes' });
    }
  });

  it('accepts a body just under the limit', async () => {
    const yaml = `# ${'x'.repeat(60 * 1024)}\n${EXPLAIN_YAML}`;
    const res = await postJson(`${api}/validate`, { yaml });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true });
  });

  it('answers 415 for a body in an unsupported charset', async () => {
    const res = await request(`${api}/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin1' },
      body: '{"yaml":"x"}',
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatch(/^invalid request: unsupported charset "LATIN1"/);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope', 'no route GET /api/nope'],
    ['GET', '/', 'no route GET /'],
    ['POST', '/api/health', 'no route POST /api/health'],
    ['PUT', '/api/jobs', 'no route PUT /api/jobs'],
    ['DELETE', '/api/jobs', 'no route DELETE /api/jobs'],
    ['POST', '/api/jobs/abc', 'no route POST /api/jobs/abc'],
    ['GET', '/api/jobs/a/b/c', 'no route GET /api/jobs/a/b/c'],
  ])('%s %s is 404 {error}', async (method, path, error) => {
    const res = await request(`${server.url}${path}`, { method });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error });
  });

  it('answers a malformed percent-encoding in a path with 400', async () => {
    const res = await request(`${api}/jobs/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^invalid request: malformed URL: /);
  });
});

describe('CORS', () => {
  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/jobs', 200],
    ['GET', '/api/nope', 404],
    ['GET', '/api/jobs/unknown', 404],
  ])('%s %s (%i) allows every origin', async (method, path, status) => {
    const res = await request(`${server.url}${path}`, { method, headers: { origin: 'https://example.org' } });
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('allows every origin on POST answers, errors included', async () => {
    for (const [body, status] of [
      [{ yaml: EXPLAIN_YAML }, 200],
      [{}, 400],
    ] as const) {
      const res = await request(`${api}/validate`, {
        method: 'POST',
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const tooBig = await request(`${api}/validate`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
      body: 'x'.repeat(70 * 1024),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('access-control-allow-origin')).toBe('*');
  });

  it.each(['/api/validate', '/api/explain', '/api/jobs', '/api/jobs/some-id', '/api/jobs/some-id/wait', '/api/health'])(
    'answers the preflight of %s with 204 and the allowed methods and headers',
    async (path) => {
      const res = await request(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'content-type, x-custom',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE');
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type, x-custom');
    },
  );
});
