import { createPlan } from './create-plan';
import { explainPlan } from './explain-plan';
import { explainPipeline, planPipeline } from './plan-pipeline';

/** Indents asset snippets under `pipeline.assets`. */
function pipeline(...assets: string[]): string {
  const body = assets
    .map((asset) =>
      asset
        .trim()
        .split('\n')
        .map((line, i) => (i === 0 ? `    - ${line}` : `      ${line}`))
        .join('\n'),
    )
    .join('\n');
  return `version: "3.0"\npipeline:\n  name: test\n  assets:\n${body}\n`;
}

function explain(yaml: string, variables?: Record<string, string>): string {
  const result = explainPipeline(yaml, variables);
  if (!result.ok) throw new Error(`unexpected error: ${result.error.message}`);
  return result.text;
}

const DECISIONS_EXAMPLE = `version: "3.0"
pipeline:
  name: employees
  description: Average salary of active employees per department
  assets:
    - asset_ref: raw
      source:
        input:
          format: csv
          path: employees.csv
          options:
            header: true
    - asset_ref: active
      source:
        where:
          from: raw
          filter: "status = 'active'"
    - asset_ref: slim
      source:
        select:
          from: active
          columns: [dept, salary]
    - asset_ref: by_dept
      source:
        group_by:
          from: slim
          by: [dept]
          agg: ["AVG(salary) AS avg_salary"]
    - asset_ref: summary
      source:
        output:
          from: by_dept
          format: parquet
          path: \${OUT_DIR:out}/summary.parquet
          mode: overwrite
`;

describe('explainPlan', () => {
  it('reproduces the decisions example byte for byte', () => {
    const expected = [
      '=== Pipeline Execution Plan ===',
      '',
      '--- Inputs ---',
      '  [raw] format=csv, path=employees.csv',
      '',
      '--- Transformations ---',
      '  [active] WHERE (from: raw)',
      '  [slim] SELECT (from: active)',
      '  [by_dept] GROUP BY (from: slim)',
      '',
      '--- Outputs ---',
      '  [summary] from=by_dept, format=parquet, mode=Overwrite, path=out/summary.parquet',
      '',
      'Total: 1 inputs, 3 transformations, 1 outputs',
      'Execution waves: 5',
      '  Wave 0: raw',
      '  Wave 1: active',
      '  Wave 2: slim',
      '  Wave 3: by_dept',
      '  Wave 4: summary',
    ].join('\n');
    expect(explain(DECISIONS_EXAMPLE)).toBe(expected);
    expect(explain(DECISIONS_EXAMPLE).endsWith('\n')).toBe(false);
  });

  it('shows paths after variable substitution', () => {
    expect(explain(DECISIONS_EXAMPLE, { OUT_DIR: 'results/2024' })).toContain(
      '  [summary] from=by_dept, format=parquet, mode=Overwrite, path=results/2024/summary.parquet',
    );
  });

  it('lists assets in topological order whatever the document order, and omits an empty Transformations section', () => {
    const yaml = pipeline(
      'asset_ref: copy\nsource:\n  output: {from: raw, format: json, path: out.json}',
      'asset_ref: raw\nsource:\n  input: {format: parquet, path: in.parquet}',
    );
    expect(explain(yaml)).toBe(
      [
        '=== Pipeline Execution Plan ===',
        '',
        '--- Inputs ---',
        '  [raw] format=parquet, path=in.parquet',
        '',
        '--- Outputs ---',
        '  [copy] from=raw, format=json, mode=Error, path=out.json',
        '',
        'Total: 1 inputs, 0 transformations, 1 outputs',
        'Execution waves: 2',
        '  Wave 0: raw',
        '  Wave 1: copy',
      ].join('\n'),
    );
  });

  it('explains a diamond with two inputs: each filtered, both written, grouped by wave', () => {
    const yaml = pipeline(
      'asset_ref: orders\nsource:\n  input: {format: csv, path: orders.csv}',
      'asset_ref: refunds\nsource:\n  input: {format: json, path: refunds.json}',
      'asset_ref: big_orders\nsource:\n  where: {from: orders, filter: "amount > 100"}',
      'asset_ref: big_refunds\nsource:\n  where: {from: refunds, filter: "amount > 100"}',
      'asset_ref: orders_out\nsource:\n  output: {from: big_orders, format: parquet, path: out/orders.parquet, mode: append}',
      'asset_ref: refunds_out\nsource:\n  output: {from: big_refunds, format: csv, path: out/refunds.csv, mode: ignore}',
    );
    expect(explain(yaml)).toBe(
      [
        '=== Pipeline Execution Plan ===',
        '',
        '--- Inputs ---',
        '  [orders] format=csv, path=orders.csv',
        '  [refunds] format=json, path=refunds.json',
        '',
        '--- Transformations ---',
        '  [big_orders] WHERE (from: orders)',
        '  [big_refunds] WHERE (from: refunds)',
        '',
        '--- Outputs ---',
        '  [orders_out] from=big_orders, format=parquet, mode=Append, path=out/orders.parquet',
        '  [refunds_out] from=big_refunds, format=csv, mode=Ignore, path=out/refunds.csv',
        '',
        'Total: 2 inputs, 2 transformations, 2 outputs',
        'Execution waves: 3',
        '  Wave 0: orders, refunds',
        '  Wave 1: big_orders, big_refunds',
        '  Wave 2: orders_out, refunds_out',
      ].join('\n'),
    );
  });

  it('explains a shared upstream read by two consumers with branches of different lengths', () => {
    const yaml = pipeline(
      'asset_ref: raw\nsource:\n  input: {format: csv, path: people.csv}',
      'asset_ref: adults\nsource:\n  where: {from: raw, filter: "age >= 18"}',
      'asset_ref: names\nsource:\n  select: {from: raw, columns: [name]}',
      'asset_ref: by_city\nsource:\n  group_by: {from: adults, by: [city], agg: ["COUNT(*) AS n"]}',
      'asset_ref: names_out\nsource:\n  output: {from: names, format: csv, path: names.csv, mode: overwrite}',
      'asset_ref: city_out\nsource:\n  output: {from: by_city, format: json, path: cities.json, mode: overwrite}',
      'asset_ref: raw_copy\nsource:\n  output: {from: raw, format: parquet, path: raw.parquet, mode: overwrite}',
    );
    expect(explain(yaml)).toBe(
      [
        '=== Pipeline Execution Plan ===',
        '',
        '--- Inputs ---',
        '  [raw] format=csv, path=people.csv',
        '',
        '--- Transformations ---',
        '  [adults] WHERE (from: raw)',
        '  [names] SELECT (from: raw)',
        '  [by_city] GROUP BY (from: adults)',
        '',
        '--- Outputs ---',
        '  [names_out] from=names, format=csv, mode=Overwrite, path=names.csv',
        '  [city_out] from=by_city, format=json, mode=Overwrite, path=cities.json',
        '  [raw_copy] from=raw, format=parquet, mode=Overwrite, path=raw.parquet',
        '',
        'Total: 1 inputs, 3 transformations, 3 outputs',
        'Execution waves: 4',
        '  Wave 0: raw',
        '  Wave 1: adults, names, raw_copy',
        '  Wave 2: by_city, names_out',
        '  Wave 3: city_out',
      ].join('\n'),
    );
  });

  it('renders several upstream assets as "(from: a, b)" in the order they are named', () => {
    const planned = planPipeline(
      pipeline(
        'asset_ref: a\nsource:\n  input: {format: csv, path: a.csv}',
        'asset_ref: f\nsource:\n  where: {from: a, filter: "x > 1"}',
        'asset_ref: o\nsource:\n  output: {from: f, format: csv, path: o.csv}',
      ),
    );
    if (!planned.ok) throw new Error(planned.error.message);
    // No current kind reads two assets; a plan step may (a future join), and explain must render it.
    const plan = {
      ...planned.plan,
      steps: planned.plan.steps.map((step) => (step.ref === 'f' ? { ...step, upstream: ['b', 'a'] } : step)),
    };
    expect(explainPlan(plan)).toContain('  [f] WHERE (from: b, a)');
  });

  it('capitalises every write mode', () => {
    for (const [mode, rendered] of [
      ['overwrite', 'Overwrite'],
      ['append', 'Append'],
      ['error', 'Error'],
      ['ignore', 'Ignore'],
    ]) {
      const yaml = pipeline(
        'asset_ref: a\nsource:\n  input: {format: csv, path: a.csv}',
        `asset_ref: o\nsource:\n  output: {from: a, format: csv, path: o.csv, mode: ${mode}}`,
      );
      expect(explain(yaml)).toContain(`mode=${rendered},`);
    }
  });

  it('is what createPlan + explainPlan produce', () => {
    const planned = planPipeline(DECISIONS_EXAMPLE);
    if (!planned.ok) throw new Error(planned.error.message);
    expect(explainPlan(createPlan(planned.pipeline))).toBe(explain(DECISIONS_EXAMPLE));
  });
});

describe('explainPipeline', () => {
  it('returns the parse or validation error instead of text', () => {
    const parse = explainPipeline('a: [1,');
    expect(parse.ok).toBe(false);
    expect(!parse.ok && parse.error.message).toMatch(/^parse error: /);
    const invalid = explainPipeline(DECISIONS_EXAMPLE.replace('from: raw', 'from: nonexistent'));
    expect(!invalid.ok && invalid.error.message).toBe('V-001: asset "active" references unknown asset "nonexistent"');
  });
});
