/**
 * parse (spec 8.38) on DuckDB: a JSON or CSV text column read into the schema's typed columns,
 * which take its place; malformed values and fields that do not convert give NULL; danfo refuses
 * the kind with V-014.
 */
import { validatePipeline } from '@pipeline/validation';
import { makeTempRoot, plan, type TempRoot } from '@pipeline/engine-core/testing';
import { executePlan } from '../index';
import { checkBackendSupport } from './check-backend-support';

const LOGS = [
  { id: 1, payload: '{"event_type": "click", "timestamp": "2025-01-15 10:30:00", "metadata": {"source": "web"}, "n": "7"}', line: 'a;1;2025-01-15' },
  { id: 2, payload: '{"event_type": "view", "metadata": {}, "timestamp": "2025-01-15T10:30:00+02:00"}', line: 'b;x;' },
  { id: 3, payload: '{not json', line: 'c' },
  { id: 4, payload: null, line: null },
  { id: 5, payload: '[1, 2]', line: ';;2024-02-30;extra' },
];

function pipeline(step: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: rawLogs',
    '      source: { input: { format: csv, path: logs.csv } }',
    '    - asset_ref: parsedEvents',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: parsedEvents, format: json, path: out.json, mode: overwrite } }',
  ].join('\n');
}

describe('parse on duckdb', () => {
  let root: TempRoot;
  beforeEach(() => {
    root = makeTempRoot();
    // CSV, so the payloads are read as text (DuckDB's JSON reader would read them as JSON).
    const cell = (v: string | null): string => (v === null ? '' : `"${v.replace(/"/g, '""')}"`);
    root.write('logs.csv', ['id,payload,line', ...LOGS.map((l) => `${l.id},${cell(l.payload)},${cell(l.line)}`)].join('\n') + '\n');
  });
  afterEach(() => root.cleanup());
  const run = (step: string) => executePlan(plan(pipeline(step)), { dataRoot: root.dir, backend: 'duckdb' });

  it('reads JSON objects into the schema columns in the place of the column (the spec example)', async () => {
    await run(
      '{ parse: { from: rawLogs, column: payload, format: json, schema: [{ name: event_type, dataType: string }, { name: timestamp, dataType: timestamp }, { name: metadata, dataType: "map<string, string>" }, { name: n, dataType: int }] } }',
    );
    expect(root.read('out.json')).toBe(
      [
        '{"id":1,"event_type":"click","timestamp":"2025-01-15 10:30:00","metadata":{"source":"web"},"n":7,"line":"a;1;2025-01-15"}',
        '{"id":2,"event_type":"view","timestamp":"2025-01-15 08:30:00","metadata":{},"n":null,"line":"b;x;"}',
        '{"id":3,"event_type":null,"timestamp":null,"metadata":null,"n":null,"line":"c"}',
        '{"id":4,"event_type":null,"timestamp":null,"metadata":null,"n":null,"line":null}',
        '{"id":5,"event_type":null,"timestamp":null,"metadata":null,"n":null,"line":";;2024-02-30;extra"}',
        '',
      ].join('\n'),
    );
  });

  it('splits CSV lines at the delimiter and converts each field, NULL where it does not', async () => {
    await run("{ parse: { from: rawLogs, column: line, format: csv, options: { delimiter: ';' }, schema: [{ name: code, dataType: string }, { name: qty, dataType: integer }, { name: day, dataType: date }] } }");
    const rows = root
      .read('out.json')
      .trim()
      .split('\n')
      .map((r) => JSON.parse(r) as Record<string, unknown>)
      .map((r) => [r['id'], r['code'], r['qty'], r['day']]);
    expect(rows).toEqual([
      [1, 'a', 1, '2025-01-15'],
      [2, 'b', null, null],
      [3, 'c', null, null],
      [4, null, null, null],
      [5, '', null, null],
    ]);
  });

  it('converts CSV timestamps with their offset to UTC', async () => {
    root.write('logs.csv', 'id,payload,line\n1,,2025-01-15T10:30:00+02:00|x\n2,,2025-01-15 10:30:00|y\n3,,soon|z\n');
    await run("{ parse: { from: rawLogs, column: line, format: csv, options: { delimiter: '|' }, schema: [{ name: at, dataType: timestamp }, { name: tag, dataType: string }] } }");
    expect(root.read('out.json')).toBe(
      ['{"id":1,"payload":null,"at":"2025-01-15 08:30:00","tag":"x"}', '{"id":2,"payload":null,"at":"2025-01-15 10:30:00","tag":"y"}', '{"id":3,"payload":null,"at":null,"tag":"z"}', ''].join('\n'),
    );
  });

  it('refuses a column that is not text', async () => {
    await expect(run('{ parse: { from: rawLogs, column: id, format: csv, schema: [{ name: a, dataType: string }] } }')).rejects.toThrow('asset "parsedEvents": E-EXPR-001: column: column "id" is long; parse reads text');
  });

  it('infers the JSON columns without a schema, as Spark does: fields sorted by name, long, double, nested (spec 8.38)', async () => {
    root.write(
      'logs.csv',
      [
        'id,payload,line',
        '1,"{""b"": 1, ""a"": ""x"", ""s"": {""k"": true}}",l1',
        '2,"{""b"": 2.5, ""c"": [1, 2], ""z"": null}",l2',
        '3,not json,l3',
        '4,,l4',
      ].join('\n') + '\n',
    );
    await run('{ parse: { from: rawLogs, column: payload, format: json } }');
    expect(root.read('out.json')).toBe(
      [
        '{"id":1,"a":"x","b":1.0,"c":null,"s":{"k":true},"z":null,"line":"l1"}',
        '{"id":2,"a":null,"b":2.5,"c":[1,2],"s":null,"z":null,"line":"l2"}',
        '{"id":3,"a":null,"b":null,"c":null,"s":null,"z":null,"line":"l3"}',
        '{"id":4,"a":null,"b":null,"c":null,"s":null,"z":null,"line":"l4"}',
        '',
      ].join('\n'),
    );
  });

  it('infers CSV columns _c0, _c1, ... with the narrowest type every field reads as', async () => {
    root.write('logs.csv', ['id,payload,line', '1,p,a;1;2.5;true', '2,p,b;2;3', '3,p,'].join('\n') + '\n');
    await run("{ parse: { from: rawLogs, column: line, format: csv, options: { delimiter: ';' } } }");
    expect(root.read('out.json')).toBe(
      [
        '{"id":1,"payload":"p","_c0":"a","_c1":1,"_c2":2.5,"_c3":true}',
        '{"id":2,"payload":"p","_c0":"b","_c1":2,"_c2":3.0,"_c3":null}',
        '{"id":3,"payload":"p","_c0":null,"_c1":null,"_c2":null,"_c3":null}',
        '',
      ].join('\n'),
    );
  });

  it('fails naming the column when the sample holds no JSON object to infer from', async () => {
    root.write('logs.csv', ['id,payload,line', '1,[1],a', '2,oops,b'].join('\n') + '\n');
    await expect(run('{ parse: { from: rawLogs, column: payload, format: json } }')).rejects.toThrow(
      'asset "parsedEvents": schema: cannot be inferred: the first 1000 non-NULL values of column "payload" holds no JSON object; list the columns with their dataType',
    );
  });

  it('is refused on danfo with V-014 naming kind and backend', () => {
    const validated = validatePipeline(pipeline('{ parse: { from: rawLogs, column: line, format: csv, schema: [{ name: a, dataType: string }] } }'));
    if (!validated.ok) throw new Error(validated.error.message);
    expect(checkBackendSupport(validated.pipeline.assets, 'danfo')).toMatchObject({ code: 'V-014', message: 'V-014: asset "parsedEvents": parse is not supported by backend "danfo"' });
  });
});
