/**
 * The hostile-identifier cases of the DuckDB kind SQL (duckdb/kinds/kind-sql.spec.ts) on Spark:
 * names and literals that would end Spark SQL's quoting (backticks, quotes, backslashes, which
 * Spark's string literals read as escapes) reach Spark only as data. Each pipeline must write on
 * Spark exactly what DuckDB writes, the hostile text intact.
 */
import { runOn } from './__fixtures__/parity-run';

const HOSTILE_NAME = 'x`; DROP TABLE victim; --"\'\\';
const HOSTILE_TEXT = "'); DROP TABLE victim; -- \\' `x` \\\\";
/** The text as a language string literal (quotes doubled). */
const literal = `'${HOSTILE_TEXT.replace(/'/g, "''")}'`;
/** A YAML double-quoted scalar of `text`. */
const yaml = (text: string): string => JSON.stringify(text);
const column = `\`${HOSTILE_NAME.replace(/`/g, '``')}\``;

const FILES = { 'emp.csv': `id,name,${`"${HOSTILE_NAME.replace(/"/g, '""')}"`}\n1,ann,\n2,,b\n` };

const CASES: readonly (readonly [string, string])[] = [
  ['addColumns', `{ addColumns: { from: emp, columns: [ { name: ${yaml(HOSTILE_NAME)}, expression: ${yaml(`concat(name, ${literal})`)} } ] } }`],
  ['replace', `{ replace: { from: emp, columns: [name], mappings: [ { old: ann, new: ${yaml(HOSTILE_TEXT)} } ] } }`],
  ['fillNa', `{ fillNa: { from: emp, values: { name: ${yaml(HOSTILE_TEXT)}, ${yaml(HOSTILE_NAME)}: ${yaml(HOSTILE_TEXT)} } } }`],
  ['renameColumns', `{ renameColumns: { from: emp, mappings: { name: ${yaml(`${HOSTILE_NAME}2`)} } } }`],
  ['conditional', `{ conditional: { from: emp, outputColumn: ${yaml(`${HOSTILE_NAME}3`)}, branches: [ { condition: ${yaml(`${column} IS NULL`)}, value: ${yaml(literal)} } ] } }`],
  ['where', `{ where: { from: emp, filter: ${yaml(`${column} = 'b' OR name = ${literal}`)} } }`],
  ['select', `{ select: { from: emp, columns: [${yaml(`${column} AS ${column}`)}, ${yaml(`${literal} AS t`)}] } }`],
];

const pipeline = (step: string): string =>
  [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: emp',
    '      source: { input: { format: csv, path: emp.csv } }',
    '    - asset_ref: step',
    `      source: ${step}`,
    '    - asset_ref: out',
    '      source: { output: { from: step, format: csv, path: out.csv, mode: overwrite } }',
  ].join('\n');

describe('hostile names and literals on Spark', () => {
  it.each(CASES)('%s keeps them as data, as DuckDB does', async (_kind, step) => {
    const duck = await runOn('duckdb', pipeline(step), FILES);
    expect('error' in duck ? duck : undefined).toBeUndefined();
    const spark = await runOn('spark', pipeline(step), FILES);
    expect(spark).toEqual(duck);
    expect(JSON.stringify(duck)).toMatch(/DROP TABLE victim/);
  });
});
