/** The Spark compilers of `sample` (a Spark Connect Sample relation) and `assertion` (exact SQL). */
import { parseExpression, type AssertionSource, type SampleSource } from '@pipeline/definition';
import { bindSource, type Column } from '@pipeline/engine-core';
import { relationSql } from './spark-primitives';

const COLUMNS: Column[] = [
  { name: 'id', type: 'long' },
  { name: 'v', type: 'double' },
];
const upstream = [{ asset: 'raw', name: '`in_1`', columns: COLUMNS }];

describe('spark kinds', () => {
  it('samples through a Sample relation over the upstream view, seeded, with replacement as asked', () => {
    const source: SampleSource = { kind: 'sample', from: 'raw', lowerBound: 0, upperBound: 0.5, withReplacement: true, seed: 42 };
    const compiled = relationSql({ asset: 's', source }, upstream);
    expect(compiled.relation).toEqual({
      sample: { input: { sql: { query: 'SELECT * FROM `in_1`' } }, lowerBound: 0, upperBound: 0.5, withReplacement: true, seed: 42, deterministicOrder: false },
    });
    expect(compiled.sql).toBe('SELECT * FROM `in_1` /* Spark Connect Sample relation: each row k ~ Poisson(0.5) times, seed 42 */');
    expect(compiled.columns).toEqual(COLUMNS);
    const bernoulli = relationSql({ asset: 's', source: { ...source, lowerBound: 0.25, withReplacement: false, seed: 7 } }, upstream);
    expect(bernoulli.relation?.sample).toMatchObject({ lowerBound: 0.25, upperBound: 0.5, withReplacement: false, seed: 7 });
    expect(bernoulli.sql).toBe('SELECT * FROM `in_1` /* Spark Connect Sample relation: rows drawn in [0.25, 0.5), seed 7 */');
  });

  it('compiles an assertion: rows pass through, or drop keeps the rows every check passes in input order', () => {
    const checks: AssertionSource['checks'] = [
      { rule: 'unique', column: 'id', text: 'unique' },
      { rule: 'condition', condition: parseExpression('v > 0'), text: 'v > 0' },
    ];
    const warn = relationSql({ asset: 'a', source: { kind: 'assertion', from: 'raw', checks, onFailure: 'warn' } }, upstream);
    expect(warn.sql).toBe('SELECT * FROM `in_1`');
    expect('verify' in warn.transform && warn.transform.verify?.checks.map((c) => c.label)).toEqual(['unique(id)', 'v > 0']);
    const drop = relationSql({ asset: 'a', source: { kind: 'assertion', from: 'raw', checks, onFailure: 'drop' } }, upstream);
    expect(drop.sql).toBe(
      'SELECT `id`, `v` FROM (SELECT *, count(*) OVER (PARTITION BY `id`) AS `__n` FROM (SELECT *, monotonically_increasing_id() AS `__pos` FROM `in_1`)) WHERE ((`v` > 0)) AND (`id` IS NULL OR `__n` = 1) ORDER BY `__pos`',
    );
    const onlyConditions = relationSql({ asset: 'a', source: { kind: 'assertion', from: 'raw', checks: checks.slice(1), onFailure: 'drop' } }, upstream);
    expect(onlyConditions.sql).toBe('SELECT * FROM `in_1` WHERE (`v` > 0)');
  });

  it('binds through the engine core as every backend does', () => {
    expect(bindSource('s', { kind: 'sample', from: 'raw', lowerBound: 0, upperBound: 1, withReplacement: false, seed: 1 }, upstream).columns).toEqual(COLUMNS);
  });
});
