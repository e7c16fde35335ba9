import type { AssetDefinition, PipelineDefinition, Source } from '@pipeline/definition';
import { createPlan } from './create-plan';
import { PLANNER_ERROR_CODES, isPlannerError, plannerCatalogue, type PlannerError } from './errors';
import { explainPipeline } from './plan-pipeline';

const column = (name: string) => ({ kind: 'column', name, span: { start: 0, end: name.length } }) as const;

function asset(ref: string, source: Source, index: number): AssetDefinition {
  return { ref, source, position: { index } };
}

const input = (path: string): Source => ({ kind: 'input', format: 'csv', path, options: {} });
const where = (from: string): Source => ({ kind: 'where', from, filter: column('ok') });
const output = (from: string): Source => ({
  kind: 'output',
  from,
  format: 'csv',
  path: `${from}.csv`,
  mode: 'error',
  options: {},
});

function definition(...entries: [string, Source][]): PipelineDefinition {
  return { version: '3.0', name: 'p', assets: entries.map(([ref, source], i) => asset(ref, source, i)) };
}

describe('createPlan', () => {
  it('orders steps topologically with upstream, consumers and waves', () => {
    const plan = createPlan(
      definition(['out', output('f')], ['f', where('in')], ['in', input('in.csv')], ['copy', output('in')]),
    );
    expect(plan.name).toBe('p');
    expect(plan.steps.map((s) => [s.ref, s.upstream, s.consumers, s.wave])).toEqual([
      ['in', [], ['f', 'copy'], 0],
      ['f', ['in'], ['out'], 1],
      ['out', ['f'], [], 2],
      ['copy', ['in'], [], 1],
    ]);
    expect(plan.waves).toEqual([['in'], ['f', 'copy'], ['out']]);
    expect(plan.steps[0]?.source).toEqual(input('in.csv'));
  });

  it('leaves the name out when the definition has none', () => {
    const plan = createPlan({ version: '3.0', assets: [asset('in', input('a.csv'), 0)] });
    expect('name' in plan).toBe(false);
  });

  it('refuses definitions that break the graph invariants', () => {
    expect(() => createPlan(definition(['a', input('a')], ['a', input('b')]))).toThrow(
      expect.objectContaining({ code: 'PLAN_DUPLICATE_ASSET', message: 'duplicate asset "a" in the definition', details: { asset: 'a' } }),
    );
    expect(() => createPlan(definition(['f', where('nope')]))).toThrow('asset "f" references unknown asset "nope"');
    try {
      createPlan(definition(['a', where('b')], ['b', where('a')]));
      throw new Error('expected a cycle');
    } catch (error) {
      expect(isPlannerError(error)).toBe(true);
      expect(plannerCatalogue.is(error)).toBe(true);
      expect((error as PlannerError).code).toBe('PLAN_CYCLE');
      expect((error as PlannerError).message).toBe('cycle: a -> b -> a');
    }
  });

  it('documents every planner error code', () => {
    for (const meaning of Object.values(PLANNER_ERROR_CODES)) expect(meaning).toMatch(/^[A-Z].+\.$/);
  });
});

describe('explain of a Teckel-shape document with the new kinds', () => {
  it('labels kinds by their canonical name and lists upstream assets in the order the kind names them', () => {
    const yaml = [
      'version: "3.0"',
      'input:',
      '  - { name: emp, format: csv, path: e.csv }',
      '  - { name: dept, format: csv, path: d.csv }',
      'transformation:',
      '  - name: j',
      '    join: { left: emp, right: [ { name: dept, type: left, on: ["emp.d = dept.d"] } ] }',
      '  - name: s',
      '    orderBy: { from: j, columns: [x] }',
      '  - name: u',
      '    union: { sources: [s, emp] }',
      '  - name: e',
      '    except: { left: u, right: dept }',
      'output:',
      '  - { name: e, format: csv, path: o.csv }',
    ].join('\n');
    const explained = explainPipeline(yaml);
    if (!explained.ok) throw new Error(explained.error.message);
    expect(explained.text).toContain(
      ['  [j] JOIN (from: emp, dept)', '  [s] ORDER BY (from: j)', '  [u] UNION (from: s, emp)', '  [e] EXCEPT (from: u, dept)'].join('\n'),
    );
    expect(explained.text).toContain('  [output_e] from=e, format=csv, mode=Error, path=o.csv');
    expect(explained.text).toContain('Execution waves: 6');
  });
});

describe('explain of a split', () => {
  it('shows the split on one line and its pass and fail assets in the waves after it', () => {
    const yaml = [
      'version: "3.0"',
      'input:',
      '  - { name: calls, format: csv, path: c.csv }',
      'transformation:',
      '  - name: byStatus',
      '    split: { from: calls, condition: "status_code = 200", pass: ok, fail: failed }',
      'output:',
      '  - { name: ok, format: csv, path: ok.csv }',
      '  - { name: failed, format: csv, path: failed.csv }',
    ].join('\n');
    const explained = explainPipeline(yaml);
    if (!explained.ok) throw new Error(explained.error.message);
    expect(explained.text).toBe(
      [
        '=== Pipeline Execution Plan ===',
        '',
        '--- Inputs ---',
        '  [calls] format=csv, path=c.csv',
        '',
        '--- Transformations ---',
        '  [byStatus] SPLIT (from: calls)',
        '',
        '--- Outputs ---',
        '  [output_ok] from=ok, format=csv, mode=Error, path=ok.csv',
        '  [output_failed] from=failed, format=csv, mode=Error, path=failed.csv',
        '',
        'Total: 1 inputs, 1 transformations, 2 outputs',
        'Execution waves: 4',
        '  Wave 0: calls',
        '  Wave 1: byStatus',
        '  Wave 2: ok, failed',
        '  Wave 3: output_ok, output_failed',
      ].join('\n'),
    );
  });
});
