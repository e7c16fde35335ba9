import { KIND_NAMES } from '@pipeline/definition';
import { validatePipeline, type ValidationResult } from './validate-pipeline';

/** Indents asset snippets under `pipeline.assets`. */
function assetList(assets: readonly string[]): string {
  return assets
    .map((asset) =>
      asset
        .trim()
        .split('\n')
        .map((line, i) => (i === 0 ? `    - ${line}` : `      ${line}`))
        .join('\n'),
    )
    .join('\n');
}

function pipeline(...assets: string[]): string {
  return `version: "3.0"\npipeline:\n  name: test\n  assets:\n${assetList(assets)}\n`;
}

const RAW = 'asset_ref: raw\nsource:\n  input: {format: csv, path: employees.csv}';
const OUT = 'asset_ref: out\nsource:\n  output: {from: raw, format: parquet, path: out.parquet}';

function message(result: ValidationResult): string {
  if (result.ok) throw new Error('expected the pipeline to be invalid');
  return result.error.message;
}

function errorOf(yaml: string, variables?: Record<string, string>) {
  const result = validatePipeline(yaml, variables);
  if (result.ok) throw new Error('expected the pipeline to be invalid');
  return result.error;
}

function valid(yaml: string, variables?: Record<string, string>) {
  const result = validatePipeline(yaml, variables);
  if (!result.ok) throw new Error(`unexpected error: ${result.error.message}`);
  return result.pipeline;
}

describe('validatePipeline: a valid pipeline', () => {
  const yaml = pipeline(
    RAW,
    'asset_ref: active\nsource:\n  where: {from: raw, filter: "status = \'active\' AND salary > 50000"}',
    'asset_ref: slim\nsource:\n  select: {from: active, columns: [dept, "salary * 1.1 AS raised"]}',
    'asset_ref: by_dept\nsource:\n  group_by: {from: slim, by: [dept], agg: ["AVG(raised) AS avg_salary", "COUNT(*) AS n"]}',
    'asset_ref: summary\nsource:\n  output: {from: by_dept, format: parquet, path: out/summary.parquet, mode: overwrite}',
  );

  it('returns the typed definition with parsed expressions and positions', () => {
    const definition = valid(yaml);
    expect(definition.version).toBe('3.0');
    expect(definition.name).toBe('test');
    expect(definition.assets.map((a) => a.ref)).toEqual(['raw', 'active', 'slim', 'by_dept', 'summary']);
    expect(definition.assets.map((a) => a.position)).toEqual([
      { index: 0, line: 5 },
      { index: 1, line: 8 },
      { index: 2, line: 11 },
      { index: 3, line: 14 },
      { index: 4, line: 17 },
    ]);
    const where = definition.assets[1]?.source;
    expect(where?.kind === 'where' && where.filter.kind).toBe('binary');
    const group = definition.assets[3]?.source;
    expect(group?.kind === 'group_by' && group.agg.map((e) => e.kind)).toEqual(['alias', 'alias']);
  });

  it('defaults the write mode to error and keeps options as strings under canonical names', () => {
    const definition = valid(
      pipeline(
        'asset_ref: raw\nsource:\n  input: {format: csv, path: a.csv, options: {header: true, Delimiter: ";", nullValue: 0}}',
        OUT,
      ),
    );
    expect(definition.assets[0]?.source).toEqual({
      kind: 'input',
      format: 'csv',
      path: 'a.csv',
      options: { header: 'true', sep: ';', nullValue: '0' },
    });
    expect(definition.assets[1]?.source).toMatchObject({ kind: 'output', mode: 'error', options: {} });
  });

  it('accepts a top-level assets list (older documents)', () => {
    const definition = valid(`version: "3.0"\nassets:\n${assetList([RAW, OUT])}\n`);
    expect(definition.assets).toHaveLength(2);
    expect(definition.name).toBeUndefined();
  });

  it('accepts references to assets defined later in the document', () => {
    expect(valid(pipeline(OUT, RAW)).assets.map((a) => a.ref)).toEqual(['out', 'raw']);
  });

  it('ignores x- extension keys at the top, in pipeline and in assets', () => {
    const yaml2 = `version: "3.0"\nx-owner: data\npipeline:\n  x-team: a\n  assets:\n${assetList([
      `${RAW}\nx-note: first`,
      OUT,
    ])}\n`;
    expect(valid(yaml2).assets).toHaveLength(2);
  });
});

describe('validatePipeline: version', () => {
  const body = `pipeline:\n  assets:\n${assetList([RAW, OUT])}\n`;

  it('accepts "3.0" and the YAML numbers 3.0 and 3', () => {
    expect(valid(`version: "3.0"\n${body}`).version).toBe('3.0');
    expect(valid(`version: 3.0\n${body}`).version).toBe('3.0');
    expect(valid(`version: 3\n${body}`).version).toBe('3.0');
    expect(valid(`version: "\${V:3.0}"\n${body}`).version).toBe('3.0');
  });

  it('refuses other versions with V-011', () => {
    expect(message(validatePipeline(`version: "1.0"\n${body}`))).toBe('V-011: unsupported version "1.0" (expected "3.0")');
    expect(message(validatePipeline(`version: 2.0\n${body}`))).toBe('V-011: unsupported version "2.0" (expected "3.0")');
    expect(message(validatePipeline(`version: "3"\n${body}`))).toBe('V-011: unsupported version "3" (expected "3.0")');
    expect(message(validatePipeline(`version: 3.00\n${body}`))).toBe('V-011: unsupported version "3.00" (expected "3.0")');
  });

  it('requires a version (V-006) of a scalar type', () => {
    expect(message(validatePipeline(body))).toBe('V-006: version is required');
    expect(message(validatePipeline(`version: [3]\n${body}`))).toBe('V-006: version must be a string (got a list)');
    expect(message(validatePipeline(`version:\n${body}`))).toBe('V-006: version must be a string (got null)');
  });

  it('reports an unresolved variable in the version with V-010', () => {
    expect(message(validatePipeline(`version: "\${V}"\n${body}`))).toBe('V-010: unresolved variable "V" in field "version"');
  });
});

describe('validatePipeline: parse errors', () => {
  it('reports YAML syntax errors with line and column', () => {
    const error = errorOf('version: "3.0"\npipeline:\n  assets: [\n    {asset_ref: a,\n');
    expect(error.kind).toBe('parse');
    expect(error.code).toBe('PARSE');
    expect(error.message).toMatch(/^parse error: .+ at line \d+, column \d+$/);
    expect(error.details.line).toBeGreaterThan(0);
    expect(error.details.cause).toBe('DEF_YAML');
  });

  it('pinpoints a bad indentation', () => {
    expect(errorOf('version: "3.0"\npipeline:\n  name: x\n bad: 1\n').message).toBe(
      'parse error: bad indentation of a mapping entry at line 4, column 2',
    );
  });

  it('reports a document that is not a mapping at the top', () => {
    expect(errorOf('- a\n- b\n').message).toBe('parse error: the document must be a mapping at the top (got a list) at line 1, column 1');
    expect(errorOf('just text').message).toBe('parse error: the document must be a mapping at the top (got a string)');
    expect(errorOf('').message).toBe('parse error: the document is empty');
  });

  it('reports a document without an asset list', () => {
    expect(errorOf('version: "3.0"\npipeline:\n  name: x\n').message).toBe(
      'parse error: the document has neither pipeline.assets nor a top-level assets list (nor the input, transformation and output lists of the Teckel shape)',
    );
    expect(errorOf('version: "3.0"\npipeline:\n  assets: nope\n').message).toBe(
      'parse error: pipeline.assets must be a list of assets (got a string)',
    );
    expect(errorOf('version: "3.0"\nassets:\n  a: 1\n').message).toBe(
      'parse error: assets must be a list of assets (got a mapping) at line 3, column 3',
    );
  });

  it('never throws on non-string input', () => {
    expect(errorOf(undefined as unknown as string).message).toBe('parse error: the document must be text (got undefined)');
  });
});

describe('validatePipeline: variables', () => {
  const withPath = (path: string) =>
    pipeline(`asset_ref: raw\nsource:\n  input: {format: csv, path: "${path}"}`, OUT);

  const inputPath = (yaml: string, variables?: Record<string, string>): string => {
    const source = valid(yaml, variables).assets[0]?.source;
    if (source?.kind !== 'input') throw new Error('expected an input');
    return source.path;
  };

  it('uses the default when no value is supplied', () => {
    expect(inputPath(withPath('${DIR:data}/in.csv'))).toBe('data/in.csv');
  });

  it('uses the supplied value over the default', () => {
    expect(inputPath(withPath('${DIR:data}/in.csv'), { DIR: 'prod' })).toBe('prod/in.csv');
  });

  it('reports a missing variable with asset and field (V-010)', () => {
    expect(message(validatePipeline(withPath('${DIR}/in.csv')))).toBe('V-010: unresolved variable "DIR" in asset "raw" field "path"');
  });

  it('renders $${ as a literal ${', () => {
    expect(inputPath(withPath('$${DIR}/in.csv'), { DIR: 'x' })).toBe('${DIR}/in.csv');
  });

  it('keeps a value with YAML syntax as text: no structure is injected', () => {
    expect(inputPath(withPath('${P}'), { P: 'a: [1, {b: 2}]' })).toBe('a: [1, {b: 2}]');
    // The value reaches the expression parser verbatim: its braces are text, not YAML structure.
    const withFilter = pipeline(
      RAW,
      'asset_ref: f\nsource:\n  where: {from: raw, filter: "${F}"}',
      'asset_ref: o\nsource:\n  output: {from: f, format: csv, path: o.csv}',
    );
    expect(message(validatePipeline(withFilter, { F: "name = 'x'}, {bad: 1" }))).toBe(
      'V-009: asset "f": filter: unexpected character "}" at column 11',
    );
    const filter = valid(withFilter, { F: "name = 'a: [1, {b: 2}]'" }).assets[1]?.source;
    expect(filter?.kind === 'where' && filter.filter).toMatchObject({ kind: 'binary', right: { kind: 'string', value: 'a: [1, {b: 2}]' } });
  });

  it('never reads the server environment', () => {
    process.env['PIPELINE_SECRET_FOR_TEST'] = 'top-secret';
    try {
      expect(message(validatePipeline(withPath('${PIPELINE_SECRET_FOR_TEST}')))).toBe(
        'V-010: unresolved variable "PIPELINE_SECRET_FOR_TEST" in asset "raw" field "path"',
      );
      expect(inputPath(withPath('${PIPELINE_SECRET_FOR_TEST:none}'))).toBe('none');
    } finally {
      delete process.env['PIPELINE_SECRET_FOR_TEST'];
    }
  });

  it('names nested fields: options and list entries', () => {
    expect(
      message(validatePipeline(pipeline('asset_ref: raw\nsource:\n  input: {format: csv, path: a.csv, options: {sep: "${S}"}}', OUT))),
    ).toBe('V-010: unresolved variable "S" in asset "raw" field "options.sep"');
    expect(
      message(
        validatePipeline(
          pipeline(RAW, 'asset_ref: s\nsource:\n  select: {from: raw, columns: [a, "${C}"]}', 'asset_ref: o\nsource:\n  output: {from: s, format: csv, path: o.csv}'),
        ),
      ),
    ).toBe('V-010: unresolved variable "C" in asset "s" field "columns[1]"');
  });

  it('reports variables in asset_ref and pipeline fields', () => {
    expect(message(validatePipeline(pipeline('asset_ref: "${N}"\nsource:\n  input: {format: csv, path: a.csv}', OUT)))).toBe(
      'V-010: unresolved variable "N" in asset 1 field "asset_ref"',
    );
    expect(valid(pipeline('asset_ref: "${N:raw}"\nsource:\n  input: {format: csv, path: a.csv}', OUT)).assets[0]?.ref).toBe('raw');
    expect(
      message(validatePipeline(`version: "3.0"\npipeline:\n  name: "\${TEAM}-daily"\n  assets:\n${assetList([RAW, OUT])}\n`)),
    ).toBe('V-010: unresolved variable "TEAM" in field "pipeline.name"');
  });

  it('reports malformed placeholders', () => {
    expect(message(validatePipeline(withPath('${bad name}/x')))).toBe(
      'V-010: malformed variable placeholder "${bad name}" in asset "raw" field "path"',
    );
  });

  it('accepts a string holding exactly one number or boolean where one is needed', () => {
    // `version` is the only numeric-looking field today; options are strings either way.
    expect(valid(`version: "\${V}"\npipeline:\n  assets:\n${assetList([RAW, OUT])}\n`, { V: '3.0' }).version).toBe('3.0');
    const source = valid(pipeline('asset_ref: raw\nsource:\n  input: {format: csv, path: a.csv, options: {header: "${H}"}}', OUT), {
      H: 'false',
    }).assets[0]?.source;
    expect(source?.kind === 'input' && source.options).toEqual({ header: 'false' });
  });

  it('refuses a variables argument that is not a mapping of strings (V-010), without throwing', () => {
    const yaml = pipeline(RAW, OUT);
    expect(message(validatePipeline(yaml, { A: 1 } as unknown as Record<string, string>))).toBe(
      'V-010: variable "A" must be a string (got number)',
    );
    expect(message(validatePipeline(yaml, ['x'] as unknown as Record<string, string>))).toBe(
      'V-010: variables must be a mapping of names to strings (got a list)',
    );
    expect(message(validatePipeline(yaml, 'x' as unknown as Record<string, string>))).toBe(
      'V-010: variables must be a mapping of names to strings (got string)',
    );
    expect(validatePipeline(yaml, null as unknown as Record<string, string>).ok).toBe(true);
  });

  it('stops substitution that would blow up the document', () => {
    const big = 'x'.repeat(1_000_000);
    const paths = Array.from({ length: 5 }, (_, i) => `asset_ref: in${i}\nsource:\n  input: {format: csv, path: "\${BIG}"}`);
    expect(message(validatePipeline(pipeline(...paths, OUT), { BIG: big }))).toBe(
      'V-010: variable substitution exceeds 4194304 characters in asset "in4" field "path"',
    );
  });
});

describe('validatePipeline: one test per code', () => {
  it('V-001: unknown reference', () => {
    const error = errorOf(
      pipeline(RAW, 'asset_ref: missing\nsource:\n  where: {from: nonexistent, filter: "a > 1"}', OUT),
    );
    expect(error.message).toBe('V-001: asset "missing" references unknown asset "nonexistent"');
    expect(error.details).toMatchObject({ asset: 'missing', assetNumber: 2, reference: 'nonexistent', line: 10, column: 23 });
  });

  it('V-002: duplicate asset_ref, numbering both assets', () => {
    const error = errorOf(
      pipeline(
        RAW,
        'asset_ref: orders\nsource:\n  input: {format: csv, path: a.csv}',
        'asset_ref: f\nsource:\n  where: {from: raw, filter: "a > 1"}',
        'asset_ref: g\nsource:\n  where: {from: raw, filter: "a > 1"}',
        'asset_ref: orders\nsource:\n  input: {format: csv, path: b.csv}',
        OUT,
      ),
    );
    expect(error.message).toBe('V-002: duplicate asset "orders" (assets 2 and 5)');
    expect(error.details).toMatchObject({ asset: 'orders', assetNumbers: [2, 5] });
  });

  it('V-003: dependency cycle, in data-flow order from the earliest asset', () => {
    const error = errorOf(
      pipeline(
        RAW,
        'asset_ref: a\nsource:\n  where: {from: c, filter: "x > 1"}',
        'asset_ref: b\nsource:\n  where: {from: a, filter: "x > 1"}',
        'asset_ref: c\nsource:\n  where: {from: b, filter: "x > 1"}',
        OUT,
      ),
    );
    expect(error.message).toBe('V-003: cycle: a -> b -> c -> a');
    expect(error.details.cycle).toEqual(['a', 'b', 'c', 'a']);
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: self\nsource:\n  where: {from: self, filter: "x"}', OUT)))).toBe(
      'V-003: cycle: self -> self',
    );
  });

  it('V-004: invalid asset name', () => {
    const expected =
      'must start with a letter and contain only letters, digits, "_" and "-" (at most 128 characters)';
    expect(message(validatePipeline(pipeline('asset_ref: 1x\nsource:\n  input: {format: csv, path: a.csv}', OUT)))).toBe(
      `V-004: invalid asset name "1x": ${expected}`,
    );
    expect(message(validatePipeline(pipeline('asset_ref: "a b"\nsource:\n  input: {format: csv, path: a.csv}', OUT)))).toBe(
      `V-004: invalid asset name "a b": ${expected}`,
    );
    expect(message(validatePipeline(pipeline(`asset_ref: a${'b'.repeat(128)}\nsource:\n  input: {format: csv, path: a.csv}`, OUT)))).toMatch(
      /^V-004: /,
    );
    expect(valid(pipeline(`asset_ref: a${'b'.repeat(127)}\nsource:\n  input: {format: csv, path: a.csv}`, 'asset_ref: o\nsource:\n  output: {from: ' + `a${'b'.repeat(127)}` + ', format: csv, path: o.csv}')).assets).toHaveLength(2);
  });

  it('V-005: source kind missing, several or unknown', () => {
    const kinds = KIND_NAMES.join(', ');
    expect(message(validatePipeline(pipeline('asset_ref: x\nsource:\n  joinn: {from: raw}', RAW, OUT)))).toBe(
      `V-005: asset "x": unknown source kind "joinn" (expected one of ${kinds}) (did you mean "join"?)`,
    );
    expect(message(validatePipeline(pipeline('asset_ref: x\nsource: {}', RAW, OUT)))).toBe(
      `V-005: asset "x": source names no kind (expected one of ${kinds})`,
    );
    expect(
      message(validatePipeline(pipeline('asset_ref: x\nsource:\n  input: {format: csv, path: a}\n  where: {from: raw, filter: a}', RAW, OUT))),
    ).toBe('V-005: asset "x": source names several kinds ("input", "where"); expected exactly one');
    expect(message(validatePipeline(pipeline('asset_ref: x\nsource:\n  __proto__: {from: raw}', RAW, OUT)))).toBe(
      `V-005: asset "x": unknown source kind "__proto__" (expected one of ${kinds})`,
    );
  });

  it('V-006: required field missing', () => {
    expect(message(validatePipeline(pipeline('asset_ref: x\nsource:\n  input: {format: csv}', OUT)))).toBe(
      'V-006: asset "x": input.path is required',
    );
  });

  it('V-006: wrong types, empty lists, missing source and asset_ref', () => {
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: f\nsource:\n  where: {from: raw, filter: [a]}', OUT)))).toBe(
      'V-006: asset "f": where.filter must be a string (got a list)',
    );
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: s\nsource:\n  select: {from: raw, columns: []}', OUT)))).toBe(
      'V-006: asset "s": select.columns must not be empty',
    );
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: s\nsource:\n  select: {from: raw, columns: [a, 1]}', OUT)))).toBe(
      'V-006: asset "s": select.columns[1] must be a string (got a number)',
    );
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: s\nsource:\n  select: raw', OUT)))).toBe(
      'V-006: asset "s": select must be a mapping (got a string)',
    );
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: s', OUT)))).toBe('V-006: asset "s": source is required');
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: s\nsource: [input]', OUT)))).toBe(
      'V-006: asset "s": source must be a mapping (got a list)',
    );
    expect(message(validatePipeline(pipeline(RAW, 'source:\n  input: {format: csv, path: a.csv}', OUT)))).toBe(
      'V-006: asset 2: asset_ref is required',
    );
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: 12\nsource: {}', OUT)))).toBe(
      'V-006: asset 2: asset_ref must be a string (got a number)',
    );
    expect(message(validatePipeline(`version: "3.0"\npipeline:\n  assets:\n    - just text\n`))).toBe(
      'V-006: asset 1 must be a mapping (got a string)',
    );
    expect(message(validatePipeline(pipeline('asset_ref: raw\nsource:\n  input: {format: csv, path: a.csv, options: {header: yes}}', OUT)))).toBe(
      'V-006: asset "raw": input.options.header must be "true" or "false" (got "yes")',
    );
  });

  it('V-006: unknown fields, decided to be errors at every level except x- keys', () => {
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: f\nsource:\n  where: {from: raw, fliter: "a > 1"}', OUT)))).toBe(
      'V-006: asset "f": unknown field "fliter" in where (expected from, filter) (did you mean "filter"?)',
    );
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: f\nsorce:\n  where: {from: raw, filter: "a"}', OUT)))).toBe(
      'V-006: asset "f": unknown field "sorce" (expected asset_ref, source) (did you mean "source"?)',
    );
    expect(message(validatePipeline(`version: "3.0"\nconfg: {}\npipeline:\n  assets:\n${assetList([RAW, OUT])}\n`))).toBe(
      'V-006: unknown top-level field "confg" (expected version, pipeline, config, assets, input, transformation, output, exposures, quality)',
    );
    expect(message(validatePipeline(`version: "3.0"\npipeline:\n  title: x\n  assets:\n${assetList([RAW, OUT])}\n`))).toBe(
      'V-006: unknown field "title" in pipeline (expected name, description, assets, namespace, version, owner, tags, meta, schedule, freshness, links, contacts, catalog)',
    );
    expect(message(validatePipeline(`version: "3.0"\npipeline:\n  name: 7\n  assets:\n${assetList([RAW, OUT])}\n`))).toBe(
      'V-006: pipeline.name must be a string (got a number)',
    );
    expect(message(validatePipeline(`version: "3.0"\npipeline: x\nassets:\n${assetList([RAW, OUT])}\n`))).toBe(
      'V-006: pipeline must be a mapping (got a string)',
    );
  });

  it('V-006: both asset lists present', () => {
    expect(message(validatePipeline(`version: "3.0"\npipeline:\n  assets:\n${assetList([RAW, OUT])}\nassets: []\n`))).toBe(
      'V-006: both pipeline.assets and a top-level assets list are present (use pipeline.assets)',
    );
  });

  it('V-007: reference to an output asset', () => {
    expect(
      message(
        validatePipeline(pipeline(RAW, OUT, 'asset_ref: b\nsource:\n  where: {from: out, filter: "x > 1"}')),
      ),
    ).toBe('V-007: asset "b" references output asset "out"');
    expect(
      message(validatePipeline(pipeline(RAW, OUT, 'asset_ref: again\nsource:\n  output: {from: out, format: csv, path: x.csv}'))),
    ).toBe('V-007: asset "again" references output asset "out"');
  });

  it('V-008: unsupported format or mode', () => {
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: out\nsource:\n  output: {from: raw, format: csv, path: o.csv, mode: upsert}')))).toBe(
      'V-008: asset "out": unknown mode "upsert" (expected overwrite, append, error, ignore)',
    );
    expect(message(validatePipeline(pipeline('asset_ref: raw\nsource:\n  input: {format: xlsx, path: a.xlsx}', OUT)))).toBe(
      'V-008: asset "raw": unknown format "xlsx" (expected csv, parquet, json)',
    );
  });

  it('V-009: expression errors name the asset and the field', () => {
    const error = errorOf(pipeline(RAW, 'asset_ref: f\nsource:\n  where: {from: raw, filter: "(salary > 1))"}', OUT));
    expect(error.message).toBe('V-009: asset "f": filter: unexpected token ")" at column 13');
    expect(error.details).toMatchObject({ asset: 'f', field: 'filter', expressionColumn: 13, cause: 'EXPR_SYNTAX' });
    expect(
      message(
        validatePipeline(
          pipeline(RAW, 'asset_ref: g\nsource:\n  group_by: {from: raw, by: [dept], agg: ["COUNT(*) AS n", "foo(x) AS y"]}', OUT),
        ),
      ),
    ).toBe('V-009: asset "g": agg[1]: unknown function "foo" at column 1');
    expect(
      message(validatePipeline(pipeline(RAW, 'asset_ref: f\nsource:\n  where: {from: raw, filter: "SUM(x) > 1"}', OUT))),
    ).toMatch(/^V-009: asset "f": filter: aggregate function "sum" is not allowed in a filter at column 1$/);
    expect(
      message(validatePipeline(pipeline(RAW, 'asset_ref: g\nsource:\n  group_by: {from: raw, by: [dept], agg: ["salary"]}', OUT))),
    ).toMatch(/^V-009: asset "g": agg\[0\]: /);
  });

  it('V-009: an invalid literal names the spec code (E-EXPR-004, E-EXPR-005) in the message and details', () => {
    const where = (filter: string) => errorOf(pipeline(RAW, `asset_ref: f\nsource:\n  where: {from: raw, filter: ${JSON.stringify(filter)}}`, OUT));
    const date = where("hired > DATE 'not-a-date'");
    expect(date.message).toBe("V-009: E-EXPR-004: asset \"f\": filter: invalid DATE literal 'not-a-date' (expected YYYY-MM-DD) at column 14");
    expect(date.details).toMatchObject({ asset: 'f', field: 'filter', specCode: 'E-EXPR-004', cause: 'EXPR_INVALID_LITERAL' });
    expect(where("ts < TIMESTAMP_NTZ '2025-13-01T00:00:00'").message).toMatch(/^V-009: E-EXPR-004: asset "f": filter: invalid TIMESTAMP_NTZ literal/);
    const binary = where("b = X'ZZZZ'");
    expect(binary.message).toMatch(/^V-009: E-EXPR-005: asset "f": filter: invalid X'...' literal 'ZZZZ'/);
    expect(binary.details).toMatchObject({ specCode: 'E-EXPR-005', cause: 'EXPR_INVALID_BINARY' });
    // A refusal the spec has no code for stays a plain V-009.
    expect(where("b = X'00'").message).toMatch(/^V-009: asset "f": filter: X'...' literals are not supported: /);
    expect(where("b = X'00'").details.specCode).toBeUndefined();
  });

  it('V-009: nested value access and collection functions misused (spec 9.7)', () => {
    const select = (column: string): string => message(validatePipeline(pipeline(RAW, `asset_ref: s\nsource:\n  select: {from: raw, columns: [${JSON.stringify(column)}]}`, OUT)));
    expect(select('tags[0')).toBe('V-009: asset "s": columns[0]: unexpected end of expression at column 7');
    expect(select('tags[]')).toBe('V-009: asset "s": columns[0]: unexpected token "]" at column 6');
    expect(select('addr.')).toBe('V-009: asset "s": columns[0]: unexpected end of expression at column 6');
    expect(select('size(tags, 1)')).toBe('V-009: asset "s": columns[0]: function "size" takes 1 argument, got 2 at column 1');
    expect(select('named_struct()')).toBe('V-009: asset "s": columns[0]: function "named_struct" takes at least 2 arguments, got 0 at column 1');
    expect(select('array(DISTINCT a)')).toBe('V-009: asset "s": columns[0]: function "array" does not accept DISTINCT at column 1');
    expect(valid(pipeline(RAW, 'asset_ref: s\nsource:\n  select: {from: raw, columns: ["orders[0].items[0].price AS p", "metadata[\'source\'] AS src", "size(tags) AS n"]}', OUT))).toBeDefined();
  });

  it('V-009: lambdas and named arguments misused (spec 9.8, 9.9)', () => {
    const select = (column: string): string => message(validatePipeline(pipeline(RAW, `asset_ref: s\nsource:\n  select: {from: raw, columns: [${JSON.stringify(column)}]}`, OUT)));
    expect(select('x -> x + 1')).toBe('V-009: asset "s": columns[0]: unexpected token "->" at column 3');
    expect(select('array(x -> x)')).toBe('V-009: asset "s": columns[0]: a lambda is only allowed as the function argument of a higher-order function (transform, filter, exists, forall, transform_keys, transform_values, map_filter, zip_with, aggregate) at column 7');
    expect(select('transform(arr, 1)')).toBe('V-009: asset "s": columns[0]: argument 2 of transform must be a lambda of one parameter (x -> ...) at column 16');
    expect(select('aggregate(arr, 0, x -> x)')).toBe('V-009: asset "s": columns[0]: the lambda of aggregate takes 2 parameters, got 1 at column 19');
    expect(select('substring(str => name, 1)')).toBe('V-009: asset "s": columns[0]: a positional argument cannot follow a named one at column 24');
    expect(select('substring(name, pos => 1, pos => 2)')).toBe('V-009: asset "s": columns[0]: argument "pos" is named twice at column 27');
    expect(select('upper(str => name)')).toBe('V-009: asset "s": columns[0]: function "upper" takes no named arguments at column 7');
    expect(
      valid(pipeline(RAW, 'asset_ref: s\nsource:\n  select: {from: raw, columns: ["transform(arr, x -> x + 1) AS t", "aggregate(arr, 0, (acc, x) -> acc + x) AS total", "substring(str => name, pos => 1, len => 3) AS short"]}', OUT)),
    ).toBeDefined();
  });

  it('V-009: aggregates may use only grouping keys outside aggregate calls', () => {
    expect(
      message(
        validatePipeline(
          pipeline(RAW, 'asset_ref: g\nsource:\n  group_by: {from: raw, by: [dept], agg: ["SUM(salary) + bonus AS total"]}', OUT),
        ),
      ),
    ).toBe('V-009: asset "g": agg[0]: column "bonus" must be inside an aggregate function or be a grouping key at column 15');
    expect(
      valid(pipeline(RAW, 'asset_ref: g\nsource:\n  group_by: {from: raw, by: [dept], agg: ["MAX(salary) - MIN(salary) AS spread"]}', OUT)),
    ).toBeDefined();
  });

  it('V-010: unresolved variable', () => {
    expect(message(validatePipeline(pipeline('asset_ref: a\nsource:\n  input: {format: csv, path: "${NAME}"}', OUT.replace('raw', 'a'))))).toBe(
      'V-010: unresolved variable "NAME" in asset "a" field "path"',
    );
  });

  it('V-011: unsupported version', () => {
    expect(message(validatePipeline(pipeline(RAW, OUT).replace('"3.0"', '"1.0"')))).toBe(
      'V-011: unsupported version "1.0" (expected "3.0")',
    );
  });

  it('V-012: unknown option, naming the accepted ones', () => {
    expect(message(validatePipeline(pipeline('asset_ref: raw\nsource:\n  input: {format: parquet, path: a.parquet, options: {header: true}}', OUT)))).toBe(
      'V-012: asset "raw": unknown parquet option "header" (expected one of compression)',
    );
    expect(message(validatePipeline(pipeline('asset_ref: raw\nsource:\n  input: {format: csv, path: a.csv, options: {headr: true}}', OUT)))).toBe(
      'V-012: asset "raw": unknown csv option "headr" (expected one of header, inferSchema, sep, quote, escape, nullValue, dateFormat, timestampFormat, encoding, comment, compression, delimiter) (did you mean "header"?)',
    );
    expect(message(validatePipeline(pipeline('asset_ref: raw\nsource:\n  input: {format: csv, path: a.csv, options: {sep: ",", delimiter: ";"}}', OUT)))).toBe(
      'V-012: asset "raw": option "delimiter" repeats option "sep"',
    );
  });

  it('V-013: no output asset', () => {
    expect(message(validatePipeline(pipeline(RAW)))).toBe('V-013: pipeline has no output asset');
    expect(message(validatePipeline('version: "3.0"\npipeline:\n  assets: []\n'))).toBe('V-013: pipeline has no output asset');
  });
});

describe('validatePipeline: the first error in document order', () => {
  it('reports the earlier asset when two assets are invalid', () => {
    const yaml = pipeline(
      RAW,
      'asset_ref: a\nsource:\n  where: {from: nope, filter: "x"}',
      'asset_ref: 9b\nsource:\n  input: {format: csv, path: a.csv}',
      OUT,
    );
    expect(message(validatePipeline(yaml))).toBe('V-001: asset "a" references unknown asset "nope"');
  });

  it('checks the document level (version, lists, fields) before any asset', () => {
    const badAsset = 'asset_ref: 9b\nsource:\n  input: {format: csv, path: a.csv}';
    expect(message(validatePipeline(pipeline(badAsset).replace('"3.0"', '"2.0"')))).toMatch(/^V-011: /);
    expect(message(validatePipeline(`version: "3.0"\npipeline:\n  assets:\n${assetList([badAsset])}\nassets: []\n`))).toMatch(/^V-006: both/);
  });

  it('checks asset-level rules before graph rules', () => {
    const yaml = pipeline(
      'asset_ref: a\nsource:\n  where: {from: b, filter: "x"}',
      'asset_ref: b\nsource:\n  where: {from: a, filter: "x"}',
      'asset_ref: c\nsource:\n  input: {format: csv, path: c.csv, options: {bogus: 1}}',
    );
    expect(message(validatePipeline(yaml))).toMatch(/^V-012: asset "c"/);
    expect(message(validatePipeline(yaml.replace(', options: {bogus: 1}', '')))).toBe('V-003: cycle: a -> b -> a');
  });

  it('reports a cycle before a missing output', () => {
    const yaml = pipeline(RAW, 'asset_ref: a\nsource:\n  where: {from: a, filter: "x"}');
    expect(message(validatePipeline(yaml))).toBe('V-003: cycle: a -> a');
  });

  it('within an asset: name, duplicate, fields, kind, variables, fields, format/mode/options, expressions, references', () => {
    // every problem at once; each fix reveals the next one in the documented order
    let asset =
      'asset_ref: "${N:raw}"\nextra: 1\nsource:\n  output: {from: "${F}", format: xml, path: o.csv, mode: upsert, options: {bad: 1}}';
    const yaml = () => pipeline(RAW, asset);
    expect(message(validatePipeline(yaml()))).toBe('V-002: duplicate asset "raw" (assets 1 and 2)');
    asset = asset.replace('${N:raw}', 'o');
    expect(message(validatePipeline(yaml()))).toBe('V-006: asset "o": unknown field "extra" (expected asset_ref, source)');
    asset = asset.replace('extra: 1\n', '');
    expect(message(validatePipeline(yaml()))).toBe('V-010: unresolved variable "F" in asset "o" field "from"');
    asset = asset.replace('${F}', 'raw');
    expect(message(validatePipeline(yaml()))).toBe('V-008: asset "o": unknown format "xml" (expected csv, parquet, json)');
    asset = asset.replace('xml', 'csv');
    expect(message(validatePipeline(yaml()))).toBe('V-008: asset "o": unknown mode "upsert" (expected overwrite, append, error, ignore)');
    asset = asset.replace('upsert', 'append');
    expect(message(validatePipeline(yaml()))).toMatch(/^V-012: asset "o": unknown csv option "bad"/);
    asset = asset.replace(', options: {bad: 1}', '');
    expect(validatePipeline(yaml()).ok).toBe(true);
  });

  it('reports expressions before references, and fields in document order', () => {
    const yaml = pipeline(RAW, 'asset_ref: f\nsource:\n  where: {from: nope, filter: "a >"}', OUT);
    expect(message(validatePipeline(yaml))).toMatch(/^V-009: asset "f": filter: /);
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: g\nsource:\n  group_by: {agg: 1, from: raw}', OUT)))).toBe(
      'V-006: asset "g": group_by.agg must be a list (got a number)',
    );
    expect(message(validatePipeline(pipeline(RAW, 'asset_ref: g\nsource:\n  group_by: {from: raw}', OUT)))).toBe(
      'V-006: asset "g": group_by.by is required',
    );
  });
});

describe('validatePipeline: abuse', () => {
  it('rejects alias bombs as parse errors instead of expanding them', () => {
    const lines = ['version: "3.0"', 'x-a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    let previous = 'a';
    for (const name of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) {
      lines.push(`x-${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
      previous = name;
    }
    lines.push('pipeline:', '  assets: []');
    const error = errorOf(lines.join('\n'));
    expect(error.code).toBe('PARSE');
    expect(error.message).toMatch(/^parse error: the document expands to more than 100000 nodes/);
  });

  it('rejects huge documents with a clear message', () => {
    const error = errorOf(`version: "3.0"\n# ${'x'.repeat(1_100_000)}\npipeline:\n  assets: []\n`);
    expect(error.message).toMatch(/^parse error: the document is \d+ characters long; the limit is 1048576$/);
  });

  it('rejects collections used as keys', () => {
    expect(errorOf('version: "3.0"\n[a]: 1\npipeline:\n  assets: []\n').message).toBe(
      'parse error: a mapping key must be text, not a list or a mapping at line 2, column 1',
    );
  });

  it('treats __proto__ and other prototype names as plain keys', () => {
    expect(message(validatePipeline(`version: "3.0"\n__proto__: {polluted: true}\npipeline:\n  assets: []\n`))).toBe(
      'V-006: unknown top-level field "__proto__" (expected version, pipeline, config, assets, input, transformation, output, exposures, quality)',
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('row kinds (orderBy, distinct, limit, offset, tail)', () => {
  const doc = (step: string): string =>
    [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: e.csv } }',
      '    - asset_ref: s',
      `      source: ${step}`,
      '    - asset_ref: out',
      '      source: { output: { from: s, format: csv, path: o.csv } }',
    ].join('\n');
  const problem = (step: string): string | undefined => {
    const result = validatePipeline(doc(step));
    return result.ok ? undefined : result.error.message;
  };

  it('accepts both spellings and the sort column forms of the spec', () => {
    expect(problem('{ orderBy: { from: raw, columns: [salary, name] } }')).toBeUndefined();
    expect(problem('{ order_by: { from: raw, columns: [{ column: salary, direction: desc, nulls: first }, { column: name, direction: asc }] } }')).toBeUndefined();
    expect(problem('{ distinct: { from: raw } }')).toBeUndefined();
    expect(problem('{ distinct: { from: raw, columns: [a, b] } }')).toBeUndefined();
    expect(problem('{ limit: { from: raw, count: 0 } }')).toBeUndefined();
    expect(problem('{ offset: { from: raw, count: "5" } }')).toBeUndefined();
    const result = validatePipeline(doc('{ orderBy: { from: raw, columns: [salary] } }'));
    expect(result.ok && result.pipeline.assets[1].source).toEqual({
      kind: 'order_by',
      from: 'raw',
      columns: [{ column: 'salary', direction: 'asc', nulls: 'last' }],
    });
  });

  it('names the entry and the field of the spec invalid examples', () => {
    expect(problem('{ orderBy: { from: raw, columns: [{ column: id, direction: ascending }] } }')).toBe(
      'V-006: asset "s": orderBy.columns[0].direction must be one of asc, desc',
    );
    expect(problem('{ orderBy: { from: raw, columns: [{ column: id, nulls: middle }] } }')).toBe(
      'V-006: asset "s": orderBy.columns[0].nulls must be one of first, last',
    );
    expect(problem('{ orderBy: { from: raw, columns: [] } }')).toBe('V-006: asset "s": orderBy.columns must not be empty');
    expect(problem('{ orderBy: { from: raw, columns: [{ direction: desc }] } }')).toBe('V-006: asset "s": orderBy.columns[0].column is required');
    expect(problem('{ limit: { from: raw, count: -1 } }')).toBe('V-006: asset "s": limit.count must be >= 0');
    expect(problem('{ limit: { from: raw, count: 2.5 } }')).toBe('V-006: asset "s": limit.count must be an integer (got a number)');
    expect(problem('{ tail: { from: raw } }')).toBe('V-006: asset "s": tail.count is required');
    expect(problem('{ distinct: { from: raw, columns: [] } }')).toBe('V-006: asset "s": distinct.columns must not be empty');
    expect(problem('{ offset: { from: nowhere, count: 1 } }')).toBe('V-001: asset "s" references unknown asset "nowhere"');
  });
});

describe('set operations (union, intersect, except)', () => {
  const doc = (step: string): string =>
    [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: a',
      '      source: { input: { format: csv, path: a.csv } }',
      '    - asset_ref: b',
      '      source: { input: { format: csv, path: b.csv } }',
      '    - asset_ref: s',
      `      source: ${step}`,
      '    - asset_ref: out',
      '      source: { output: { from: s, format: csv, path: o.csv } }',
    ].join('\n');
  const problem = (step: string): string | undefined => {
    const result = validatePipeline(doc(step));
    return result.ok ? undefined : result.error.message;
  };

  it('reads the defaults of the spec', () => {
    const union = validatePipeline(doc('{ union: { sources: [a, b] } }'));
    expect(union.ok && union.pipeline.assets[2].source).toEqual({ kind: 'union', sources: ['a', 'b'], all: true, byName: false, allowMissingColumns: false });
    const except = validatePipeline(doc('{ except: { left: a, right: b, byName: "true" } }'));
    expect(except.ok && except.pipeline.assets[2].source).toEqual({ kind: 'except', left: 'a', right: 'b', all: false, byName: true, allowMissingColumns: false });
    expect(problem('{ intersect: { sources: [a, b], all: true, byName: true, allowMissingColumns: true } }')).toBeUndefined();
  });

  it('refuses what the spec refuses, naming the entry and field', () => {
    expect(problem('{ union: { sources: [a] } }')).toBe('V-006: asset "s": union.sources must NOT have fewer than 2 items');
    expect(problem('{ union: { sources: [a, b], allowMissingColumns: true } }')).toBe(
      'V-006: asset "s": union.allowMissingColumns requires byName: true (columns can only be missing when they are matched by name)',
    );
    expect(problem('{ except: { left: a } }')).toBe('V-006: asset "s": except.right is required');
    expect(problem('{ intersect: { sources: [a, nope] } }')).toBe('V-001: asset "s" references unknown asset "nope"');
    expect(problem('{ union: { sources: [a, b], all: maybe } }')).toBe('V-006: asset "s": union.all must be a boolean (true or false) (got a string)');
  });
});

describe('column kinds (addColumns, dropColumns, renameColumns, castColumns)', () => {
  const doc = (step: string): string =>
    [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: e.csv } }',
      '    - asset_ref: s',
      `      source: ${step}`,
      '    - asset_ref: out',
      '      source: { output: { from: s, format: csv, path: o.csv } }',
    ].join('\n');
  const problem = (step: string): string | undefined => {
    const result = validatePipeline(doc(step));
    return result.ok ? undefined : result.error.message;
  };

  it('accepts the spec examples in both spellings', () => {
    expect(problem(`{ addColumns: { from: raw, columns: [ { name: total, expression: "quantity * unit_price" }, { name: category, expression: "case when amount > 1000 then 'high' else 'low' end" } ] } }`)).toBeUndefined();
    expect(problem('{ drop_columns: { from: raw, columns: [a] } }')).toBeUndefined();
    expect(problem('{ renameColumns: { from: raw, mappings: { a: b, 2020: y2020 } } }')).toBeUndefined();
    expect(problem('{ castColumns: { from: raw, columns: [ { name: a, targetType: Integer }, { name: b, targetType: "DECIMAL(10, 2)" } ] } }')).toBeUndefined();
  });

  it('names the entry, the field and the place in the expression', () => {
    expect(problem('{ addColumns: { from: raw, columns: [ { name: t, expression: "a +" } ] } }')).toMatch(
      /^V-009: asset "s": columns\[0\]\.expression: .* at column \d+$/,
    );
    expect(problem('{ addColumns: { from: raw, columns: [ { name: t } ] } }')).toBe('V-006: asset "s": addColumns.columns[0].expression is required');
    expect(problem('{ castColumns: { from: raw, columns: [ { name: a, targetType: varchar2 } ] } }')).toBe(
      'V-006: asset "s": castColumns.columns[0].targetType unknown type "varchar2"',
    );
    expect(problem('{ renameColumns: { from: raw, mappings: {} } }')).toBe('V-006: asset "s": renameColumns.mappings must NOT have fewer than 1 properties');
    expect(problem('{ dropColumns: { from: raw, columns: [] } }')).toBe('V-006: asset "s": dropColumns.columns must not be empty');
  });
});

describe('the Teckel document shape', () => {
  const TECKEL = [
    'version: "3.0"',
    'pipeline:',
    '  name: teckel',
    '  namespace: com.example',
    '  owner: { name: data team, email: team@example.com }',
    '  tags: [demo]',
    'input:',
    '  - name: employees',
    '    format: csv',
    '    path: employees.csv',
    '    options: { header: true }',
    '    description: every employee',
    '    x-source: hr',
    'transformation:',
    '  - name: active',
    '    where: { from: employees, filter: "active" }',
    '    tags: [pii]',
    '  - name: sorted',
    '    orderBy: { from: active, columns: [name] }',
    'output:',
    '  - name: sorted',
    '    format: csv',
    '    path: out/a.csv',
    '  - name: sorted',
    '    format: json',
    '    path: out/a.json',
    '    mode: overwrite',
    '    maturity: high',
    'x-team: analytics',
  ].join('\n');

  const ASSETS = [
    'version: "3.0"',
    'pipeline:',
    '  name: teckel',
    '  assets:',
    '    - asset_ref: employees',
    '      source: { input: { format: csv, path: employees.csv, options: { header: true } } }',
    '    - asset_ref: active',
    '      source: { where: { from: employees, filter: "active" } }',
    '    - asset_ref: sorted',
    '      source: { order_by: { from: active, columns: [name] } }',
    '    - asset_ref: output_sorted',
    '      source: { output: { from: sorted, format: csv, path: out/a.csv } }',
    '    - asset_ref: output_sorted_2',
    '      source: { output: { from: sorted, format: json, path: out/a.json, mode: overwrite } }',
  ].join('\n');

  const sources = (yaml: string) => {
    const result = validatePipeline(yaml);
    if (!result.ok) throw new Error(result.error.message);
    return result.pipeline.assets.map((a) => ({ ref: a.ref, source: a.source }));
  };
  const problem = (yaml: string): string | undefined => {
    const result = validatePipeline(yaml);
    return result.ok ? undefined : result.error.message;
  };

  it('becomes the same typed definition as its asset-shape twin, metadata and x- keys ignored', () => {
    expect(sources(TECKEL)).toEqual(sources(ASSETS));
    expect(sources(TECKEL).map((a) => a.ref)).toEqual(['employees', 'active', 'sorted', 'output_sorted', 'output_sorted_2']);
  });

  it('points at the entry line', () => {
    const result = validatePipeline(TECKEL);
    expect(result.ok && result.pipeline.assets.map((a) => a.position.line)).toEqual([8, 15, 18, 21, 24]);
  });

  it('names entries and fields as written', () => {
    expect(problem(TECKEL.replace('  - name: active\n', '  - nam: active\n'))).toBe('V-006: asset 2: name is required');
    expect(problem(TECKEL.replace('where: { from: employees, filter: "active" }', 'where: { from: employees }'))).toBe(
      'V-006: asset "active": where.filter is required',
    );
    expect(problem(TECKEL.replace('    path: out/a.csv\n', '    path: out/a.csv\n    colour: red\n'))).toMatch(
      /^V-006: asset "output_sorted": unknown field "colour"/,
    );
    expect(problem(TECKEL.replace('  - name: sorted\n    format: csv', '  - name: nowhere\n    format: csv'))).toBe(
      'V-001: asset "output_nowhere" references unknown asset "nowhere"',
    );
  });

  it('refuses a document holding both shapes', () => {
    expect(problem(`${ASSETS}\ninput:\n  - name: x\n    format: csv\n    path: x.csv\n`)).toBe(
      'V-006: the document mixes the asset shape (pipeline.assets or assets) and the Teckel shape (input, transformation, output lists); use one',
    );
  });

  it('refuses the parts of the language the service does not run, saying why', () => {
    expect(problem(`${TECKEL}\nhooks: { preExecution: [] }`)).toBe(
      'V-006: hooks is not supported by this service (hooks run commands outside the pipeline, which the data-root sandbox cannot contain)',
    );
    expect(problem(`${TECKEL}\nsecrets: { keys: {} }`)).toBe('V-006: secrets is not supported by this service (the service takes no secrets; pass values as variables)');
    expect(problem(`${TECKEL}\nstreamingInput: []`)).toBe('V-006: streamingInput is not supported by this service (pipelines run as batch jobs)');
    expect(problem(TECKEL.replace('where: { from: employees, filter: "active" }', 'sql: { query: "select 1", views: [employees] }'))).toBe(
      'V-005: asset "active": source kind "sql" is not supported by this service (raw SQL would bypass validation and the data-root sandbox; use the transformation kinds)',
    );
    expect(problem(TECKEL.replace('where: { from: employees, filter: "active" }', 'enrich: { from: employees, url: "http://x" }'))).toMatch(
      /^V-005: asset "active": source kind "enrich" is not supported by this service/,
    );
  });
});

describe('conditional, fillNa, dropNa, replace', () => {
  const doc = (step: string): string =>
    [
      'version: "3.0"',
      'pipeline:',
      '  assets:',
      '    - asset_ref: raw',
      '      source: { input: { format: csv, path: e.csv } }',
      '    - asset_ref: s',
      `      source: ${step}`,
      '    - asset_ref: out',
      '      source: { output: { from: s, format: csv, path: o.csv } }',
    ].join('\n');
  const problem = (step: string): string | undefined => {
    const result = validatePipeline(doc(step));
    return result.ok ? undefined : result.error.message;
  };

  it('accepts the spec examples', () => {
    expect(problem(`{ conditional: { from: raw, outputColumn: size, branches: [ { condition: "amount > 1000", value: "'large'" } ], otherwise: "'small'" } }`)).toBeUndefined();
    expect(problem('{ fillNa: { from: raw, values: { name: "unknown", age: 0, active: false } } }')).toBeUndefined();
    expect(problem('{ dropNa: { from: raw, how: any, columns: [name, email] } }')).toBeUndefined();
    expect(problem('{ replace: { from: raw, columns: [status], mappings: [ { old: "N/A", new: "unknown" }, { old: "", new: "unknown" } ] } }')).toBeUndefined();
  });

  it('refuses what the spec refuses, naming entry and field', () => {
    expect(problem('{ fillNa: { from: raw, value: 0, values: { a: 1 } } }')).toBe('V-006: asset "s": fillNa.value and values: give exactly one of them');
    expect(problem('{ fillNa: { from: raw } }')).toBe('V-006: asset "s": fillNa.value and values: give exactly one of them');
    expect(problem('{ fillNa: { from: raw, value: [1] } }')).toBe('V-006: asset "s": fillNa.value must be text, a number or a boolean (got a list)');
    expect(problem('{ dropNa: { from: raw, how: some } }')).toBe('V-006: asset "s": dropNa.how must be one of any, all');
    expect(problem('{ replace: { from: raw, mappings: [ { old: x } ] } }')).toBe('V-006: asset "s": replace.mappings[0].new is required');
    expect(problem(`{ conditional: { from: raw, outputColumn: x, branches: [ { condition: "amount +", value: "1" } ] } }`)).toMatch(
      /^V-009: asset "s": branches\[0\]\.condition: /,
    );
    expect(problem(`{ conditional: { from: raw, outputColumn: x, branches: [ { condition: "1", value: "count(*)" } ] } }`)).toMatch(/^V-009: asset "s": branches\[0\]\./);
  });
});

describe('sample and the physical hints', () => {
  const doc = (step: string): string =>
    ['version: "3.0"', 'pipeline:', '  assets:', '    - asset_ref: raw', '      source: { input: { format: csv, path: e.csv } }', '    - asset_ref: s', `      source: ${step}`, '    - asset_ref: out', '      source: { output: { from: s, format: csv, path: o.csv } }'].join('\n');
  const problem = (step: string): string | undefined => {
    const result = validatePipeline(doc(step));
    return result.ok ? undefined : result.error.message;
  };

  it('accepts the spec forms and refuses the rest, naming the field', () => {
    expect(problem('{ sample: { from: raw, fraction: 0.1, seed: 42 } }')).toBeUndefined();
    expect(problem('{ sample: { from: raw, lowerBound: 0.2, upperBound: 0.4 } }')).toBeUndefined();
    expect(problem('{ sample: { from: raw } }')).toBe('V-006: asset "s": sample.fraction or lowerBound and upperBound: give exactly one of them');
    expect(problem('{ sample: { from: raw, fraction: 1.5 } }')).toBe('V-006: asset "s": sample.fraction must be in (0, 1] (got 1.5)');
    expect(problem('{ sample: { from: raw, fraction: 0.5, withReplacement: true } }')).toBeUndefined();
    expect(problem('{ repartition: { from: raw, numPartitions: 0 } }')).toBe('V-006: asset "s": repartition.numPartitions must be >= 1');
    expect(problem('{ hint: { from: raw, hints: [ { name: broadcast } ] } }')).toBeUndefined();
    expect(problem('{ coalesce: { from: raw } }')).toBe('V-006: asset "s": coalesce.numPartitions is required');
  });
});

describe('join', () => {
  const doc = (step: string): string =>
    ['version: "3.0"', 'pipeline:', '  assets:', '    - asset_ref: a', '      source: { input: { format: csv, path: a.csv } }', '    - asset_ref: b', '      source: { input: { format: csv, path: b.csv } }', '    - asset_ref: j', `      source: ${step}`, '    - asset_ref: out', '      source: { output: { from: j, format: csv, path: o.csv } }'].join('\n');
  const problem = (step: string): string | undefined => {
    const result = validatePipeline(doc(step));
    return result.ok ? undefined : result.error.message;
  };

  it('reads targets with their conditions, in order', () => {
    const result = validatePipeline(doc('{ join: { left: a, right: [ { name: b, type: left, on: ["a.id = b.id", "a.x > b.y"] } ] } }'));
    const source = result.ok ? result.pipeline.assets[2].source : undefined;
    expect(source?.kind === 'join' && source.right.map((r) => [r.name, r.type, r.on.length])).toEqual([['b', 'left', 2]]);
  });

  it('names the target and condition of what is wrong', () => {
    expect(problem('{ join: { left: a, right: [ { name: b, type: cross, on: ["a.id = b.id"] } ] } }')).toBe('V-006: asset "j": join.right[0].on must be [] for a cross join');
    expect(problem('{ join: { left: a, right: [ { name: b, type: inner, on: [] } ] } }')).toBe('V-006: asset "j": join.right[0].on needs at least one condition (only a cross join has none)');
    expect(problem('{ join: { left: a, right: [ { name: b, type: full, on: ["a.id = b.id"] } ] } }')).toBe(
      'V-006: asset "j": join.right[0].type must be one of inner, left, right, outer, cross, left_semi, left_anti',
    );
    expect(problem('{ join: { left: a, right: [ { name: b, type: inner, on: ["a.id ="] } ] } }')).toMatch(/^V-009: asset "j": right\[0\]\.on\[0\]: /);
    expect(problem('{ join: { left: a, right: [ { name: c, type: inner, on: ["a.id = c.id"] } ] } }')).toBe('V-001: asset "j" references unknown asset "c"');
  });
});

describe('split', () => {
  const SPLIT = [
    'version: "3.0"',
    'input:',
    '  - name: apiResults',
    '    format: csv',
    '    path: calls.csv',
    'transformation:',
    '  - name: splitByStatus',
    '    split:',
    '      from: apiResults',
    '      condition: "status_code = 200"',
    '      pass: successRecords',
    '      fail: failedRecords',
    '  - name: successSummary',
    '    group:',
    '      from: successRecords',
    '      by: [endpoint]',
    '      agg: ["count(1) as calls"]',
    'output:',
    '  - name: successSummary',
    '    format: csv',
    '    path: ok.csv',
    '  - name: failedRecords',
    '    format: csv',
    '    path: failed.csv',
  ].join('\n');
  const problem = (yaml: string): string | undefined => {
    const result = validatePipeline(yaml);
    return result.ok ? undefined : result.error.message;
  };

  it('makes pass and fail assets that filter the split; NULL conditions go to fail', () => {
    const assets = valid(SPLIT).assets;
    expect(assets.map((a) => [a.ref, a.source.kind, a.position.line])).toEqual([
      ['apiResults', 'input', 3],
      ['splitByStatus', 'split', 7],
      ['successRecords', 'where', 7],
      ['failedRecords', 'where', 7],
      ['successSummary', 'group_by', 13],
      ['output_successSummary', 'output', 19],
      ['output_failedRecords', 'output', 22],
    ]);
    const [pass, fail] = [assets[2].source, assets[3].source];
    expect(pass).toMatchObject({ kind: 'where', from: 'splitByStatus', filter: { kind: 'binary', op: '=' } });
    expect(fail).toMatchObject({
      kind: 'where',
      from: 'splitByStatus',
      filter: { kind: 'unary', op: 'NOT', operand: { kind: 'call', name: 'coalesce', args: [{ kind: 'binary' }, { kind: 'boolean', value: false }] } },
    });
  });

  it('accepts a forward reference to pass or fail, and the asset shape', () => {
    const forward = SPLIT.replace(
      'transformation:\n',
      'transformation:\n  - name: early\n    where: { from: failedRecords, filter: "status_code > 500" }\n',
    );
    expect(valid(forward).assets.map((a) => a.ref)).toContain('early');
    const assetShape = pipeline(
      RAW,
      'asset_ref: s\nsource:\n  split: { from: raw, condition: "salary > 10", pass: high, fail: low }',
      'asset_ref: out\nsource:\n  output: {from: low, format: csv, path: low.csv}',
    );
    expect(valid(assetShape).assets.map((a) => a.ref)).toEqual(['raw', 's', 'high', 'low', 'out']);
  });

  it('refuses a reference to the split itself, naming what to reference instead', () => {
    expect(problem(SPLIT.replace('from: successRecords', 'from: splitByStatus'))).toBe(
      'V-001: asset "successSummary" references split "splitByStatus", which is not an asset: reference its pass asset "successRecords" or its fail asset "failedRecords"',
    );
  });

  it('refuses names that clash, are invalid, or are the same for pass and fail', () => {
    expect(problem(SPLIT.replace('pass: successRecords', 'pass: apiResults'))).toBe('V-002: duplicate asset "apiResults" (assets 1 and 2)');
    expect(problem(SPLIT.replace('  - name: successSummary\n', '  - name: failedRecords\n'))).toBe(
      'V-002: duplicate asset "failedRecords" (assets 2 and 3)',
    );
    expect(problem(SPLIT.replace('fail: failedRecords', 'fail: 9lives'))).toMatch(/^V-004: .*"9lives"/);
    expect(problem(SPLIT.replace('fail: failedRecords', 'fail: successRecords'))).toBe(
      'V-006: asset "splitByStatus": split.fail must differ from pass (both are "successRecords")',
    );
    expect(problem(SPLIT.replace('      fail: failedRecords\n', ''))).toBe('V-006: asset "splitByStatus": split.fail is required');
    expect(problem(SPLIT.replace('"status_code = 200"', '"status_code + 1"'))).toBe(
      'V-009: asset "splitByStatus": condition: expected a true/false condition such as x > 0 at column 1',
    );
  });
});

describe('select with * and asset.*', () => {
  const withSelect = (columns: string) =>
    pipeline(RAW, `asset_ref: s\nsource:\n  select: { from: raw, columns: ${columns} }`, 'asset_ref: out\nsource:\n  output: {from: s, format: csv, path: o.csv}');

  it('accepts a whole entry "*" or "asset.*" beside other columns', () => {
    const select = valid(withSelect('["*", "salary * 2 AS double"]')).assets[1].source;
    expect(select).toMatchObject({ kind: 'select', columns: [{ kind: 'star' }, { kind: 'alias', alias: 'double' }] });
    expect(valid(withSelect('["raw.*"]')).assets[1].source).toMatchObject({ columns: [{ kind: 'star', qualifier: 'raw' }] });
  });

  it('refuses a * inside an expression, pointing at it', () => {
    expect(message(validatePipeline(withSelect('["* + 1"]')))).toBe(
      'V-009: asset "s": columns[0]: "*" must be a whole column entry ("*" or "asset.*") or count(*) at column 1',
    );
    expect(message(validatePipeline(withSelect('["raw.* AS x"]')))).toMatch(/^V-009: asset "s": columns\[0\]: "\*" must be a whole column entry/);
  });
});

describe("the specification's invalid examples, as Teckel documents", () => {
  const INPUTS = ['a', 'b', 'employees', 'users', 'sales'].map((n) => `  - name: ${n}\n    format: csv\n    path: ${n}.csv`).join('\n');
  const doc = (transformation: string, output = '  - name: a\n    format: csv\n    path: o.csv') =>
    `version: "3.0"\ninput:\n${INPUTS}\ntransformation:\n${transformation.replace(/^/gm, '  ')}\noutput:\n${output}\n`;
  const problem = (yaml: string): string => message(validatePipeline(yaml));

  it.each([
    ['8.1 select: empty columns', '- name: empty\n  select:\n    from: employees\n    columns: []', 'V-006: asset "empty": select.columns must not be empty'],
    ['8.2 where: not a condition', '- name: bad\n  where:\n    from: users\n    filter: "upper(name)"', 'V-009: asset "bad": filter: expected a true/false condition such as x > 0 at column 1'],
    [
      '8.3 group: a column neither aggregated nor grouped',
      '- name: bad\n  group:\n    from: sales\n    by: [region]\n    agg:\n      - "product_name"',
      'V-009: asset "bad": agg[0]: column "product_name" must be inside an aggregate function or be a grouping key at column 1',
    ],
    [
      '8.4 orderBy: unknown direction',
      '- name: bad\n  orderBy:\n    from: sales\n    columns:\n      - column: id\n        direction: ascending',
      'V-006: asset "bad": orderBy.columns[0].direction must be one of asc, desc',
    ],
    [
      '8.5 join: unqualified column in the condition',
      '- name: bad\n  join:\n    left: a\n    right:\n      - name: b\n        type: inner\n        on:\n          - "id = id"',
      'V-009: asset "bad": right[0].on[0]: column "id" must be qualified by its asset\'s name in a join condition (for example left.id = right.id) at column 1',
    ],
    [
      '8.21 split: a reference to the split itself',
      '- name: s\n  split:\n    from: sales\n    condition: "amount > 1"\n    pass: big\n    fail: small\n- name: c\n  group:\n    from: s\n    by: [region]\n    agg: ["count(1) as n"]',
      'V-001: asset "c" references split "s", which is not an asset: reference its pass asset "big" or its fail asset "small"',
    ],
  ])('%s', (_name, transformation, expected) => {
    expect(problem(doc(transformation))).toBe(expected);
  });

  it('names the entry for the document-level examples (sections 3 to 7)', () => {
    expect(problem(doc('- name: a\n  where: { from: b, filter: "x > 1" }'))).toBe('V-002: duplicate asset "a" (assets 1 and 6)');
    expect(problem(`version: "3.0"\ninput:\n  - name: orders\n    path: o.csv\noutput:\n  - name: orders\n    format: csv\n    path: x.csv\n`)).toBe(
      'V-006: asset "orders": input.format is required',
    );
    expect(problem(`version: "3.0"\ninput:\n  - name: 1table\n    format: csv\n    path: o.csv\noutput:\n  - name: 1table\n    format: csv\n    path: x.csv\n`)).toBe(
      'V-004: invalid asset name "1table": must start with a letter and contain only letters, digits, "_" and "-" (at most 128 characters)',
    );
    expect(problem(doc('- name: c\n  where: { from: a, filter: "x > 1" }', '  - name: doesNotExist\n    format: csv\n    path: o.csv'))).toBe(
      'V-001: asset "output_doesNotExist" references unknown asset "doesNotExist"',
    );
    expect(problem(doc('- name: c\n  where: { from: a, filter: "x > 1" }', '  - name: c\n    format: csv\n    path: o.csv\n    mode: upsert'))).toBe(
      'V-008: asset "output_c": unknown mode "upsert" (expected overwrite, append, error, ignore)',
    );
  });
});

describe('window and inline OVER', () => {
  const withStep = (step: string) => pipeline(RAW, `asset_ref: s\nsource:\n  ${step}`, 'asset_ref: out\nsource:\n  output: {from: s, format: csv, path: o.csv}');
  const problem = (step: string): string | undefined => {
    const result = validatePipeline(withStep(step));
    return result.ok ? undefined : result.error.message;
  };

  it("accepts the spec's example and gives each function the step's window", () => {
    const step =
      'window: { from: raw, partitionBy: [department], orderBy: [ { column: salary, direction: desc } ], frame: { type: rows, start: "unbounded preceding", end: "current row" }, functions: [ { expression: "row_number()", alias: rank }, { expression: "sum(salary)", alias: running_total }, { expression: "lag(salary, 1)", alias: prev_salary } ] }';
    const source = valid(withStep(step)).assets[1].source;
    expect(source).toMatchObject({
      kind: 'window',
      columns: [
        { name: 'rank', expression: { kind: 'window', call: { name: 'row_number' }, partitionBy: [{ name: 'department' }], frame: { type: 'rows', start: { kind: 'unbounded_preceding' }, end: { kind: 'current_row' } } } },
        { name: 'running_total', expression: { kind: 'window', call: { name: 'sum' } } },
        { name: 'prev_salary', expression: { kind: 'window', call: { name: 'lag' }, orderBy: [{ direction: 'desc', nulls: 'last' }] } },
      ],
    });
    expect(problem('select: { from: raw, columns: [ "rank() OVER (PARTITION BY department ORDER BY salary DESC) AS r", "sum(salary) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS moving" ] }')).toBeUndefined();
  });

  it.each([
    ['window: { from: raw, partitionBy: [d], functions: [ { expression: "x", alias: a } ], frame: { start: "2 before" } }', 'V-006: asset "s": window.frame.start must be "unbounded preceding", "N preceding", "current row", "N following" or "unbounded following" (got "2 before")'],
    ['window: { from: raw, partitionBy: [d], functions: [ { expression: "sum(x)", alias: a } ], frame: { start: "current row", end: "1 preceding" } }', 'V-006: asset "s": window.frame starts after it ends (current row to 1 preceding)'],
    ['window: { from: raw, partitionBy: [d], functions: [ { expression: "sum(x)", alias: a } ], frame: { type: range, start: "1 preceding" } }', 'V-006: asset "s": window.frame a range frame with an N preceding or N following bound needs exactly one orderBy column'],
    ['window: { from: raw, partitionBy: [d], functions: [ { expression: "sum(x)" } ] }', 'V-006: asset "s": window.functions[0].alias is required'],
    ['window: { from: raw, functions: [ { expression: "sum(x)", alias: a } ] }', 'V-006: asset "s": window.partitionBy is required'],
    ['window: { from: raw, partitionBy: [d], functions: [ { expression: "sum(x) OVER ()", alias: a } ] }', 'V-009: asset "s": functions[0].expression: a window expression is not allowed in a window step\'s function (the step gives every function its window) at column 1'],
    ['select: { from: raw, columns: [ "row_number() AS n" ] }', 'V-009: asset "s": columns[0]: window function "row_number" needs OVER (...) here (or use a window step) at column 1'],
    ['where: { from: raw, filter: "row_number() OVER (ORDER BY id) = 1" }', 'V-009: asset "s": filter: a window expression is not allowed in a filter (compute it in a select or addColumns step first) at column 1'],
    ['group_by: { from: raw, by: [d], agg: [ "sum(count(*) OVER ())" ] }', 'V-009: asset "s": agg[0]: a window expression is not allowed inside aggregate function "sum" at column 5'],
    ['select: { from: raw, columns: [ "sum(x) OVER (PARTITION BY sum(y))" ] }', 'V-009: asset "s": columns[0]: function "sum" is not allowed inside a window\'s PARTITION BY or ORDER BY at column 27'],
    ['select: { from: raw, columns: [ "lag(x) OVER (ORDER BY id ROWS 1 PRECEDING)" ] }', 'V-009: asset "s": columns[0]: unexpected token "1" at column 31'],
  ])('%s', (step, expected) => {
    expect(problem(step)).toBe(expected);
  });
});
