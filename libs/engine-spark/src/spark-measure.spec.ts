/**
 * The Spark SQL a MeasureRequest becomes (exact strings), and how Spark's answers become
 * Measures, with a session that records what it is sent and answers from a table.
 */
import { parseExpression } from '@pipeline/definition';
import { bindExpression, type Column, type MeasureRequest } from '@pipeline/engine-core';
import type { SparkResult, SparkSession, SparkValue } from '@pipeline/spark-connect';
import { sparkMeasurer } from './spark-measure';

const COLUMNS: Column[] = [
  { name: 'id', type: 'long' },
  { name: 'at', type: 'timestamp' },
  { name: 'day', type: 'date' },
  { name: 'amount', type: 'decimal(10,2)' },
];

function recording(answers: readonly (readonly SparkValue[])[]): { session: SparkSession; sent: string[] } {
  const sent: string[] = [];
  const session = {
    sql: async (text: string): Promise<SparkResult> => {
      const rows = [answers[sent.length] ?? []];
      sent.push(text);
      return { columns: [], rows, operationId: 'op', observed: new Map() };
    },
  } as unknown as SparkSession;
  return { session, sent };
}

const aggregate = (text: string) => bindExpression(parseExpression(text), { asset: 't', from: 't', field: 'checks', columns: COLUMNS, context: 'aggregate', groupKeys: [] });

describe('sparkMeasurer', () => {
  it('measures counts, statistics, dates and timestamps in one query, as numbers', async () => {
    const { session, sent } = recording([[7n, 6n, 30.5, 19723, 1704103200000000n]]);
    const request: MeasureRequest = {
      asset: 't',
      field: 'quality suite "s"',
      columns: COLUMNS,
      filter: bindExpression(parseExpression('id > 0'), { asset: 't', from: 't', field: 'filter', columns: COLUMNS, context: 'row' }),
      aggregates: [aggregate('count(amount)'), aggregate('avg(amount)'), aggregate('max(day)'), aggregate('max(at)')],
      keys: [],
      references: [],
    };
    const measures = await sparkMeasurer(session, '`v1`')(request);
    expect(sent).toEqual([
      'SELECT count(*), CAST(count(`amount`) AS DOUBLE), CAST(avg(`amount`) AS DOUBLE), unix_date(max(`day`)), unix_micros(CAST(max(`at`) AS TIMESTAMP_LTZ)) FROM (SELECT * FROM `v1` WHERE (`id` > 0))',
    ]);
    expect(measures).toEqual({ rows: 7, aggregates: [6, 30.5, 19723, 1704103200000000], keys: [], references: [] });
  });

  it('counts keys and looks references up with an anti join (no subquery in an aggregate)', async () => {
    const { session, sent } = recording([[5n], [4n, 5n, 2n], [5n, 1n]]);
    const request: MeasureRequest = { asset: 't', field: 'f', columns: COLUMNS, aggregates: [], keys: [['id', 'day']], references: [{ column: 'id', asset: 'c', referenceColumn: 'c id' }] };
    const measures = await sparkMeasurer(session, '`v1`', { c: '`v2`' })(request);
    expect(sent.slice(1)).toEqual([
      'SELECT count(*), coalesce(sum(n), 0), coalesce(sum(CASE WHEN n > 1 THEN n ELSE 0 END), 0) FROM (SELECT count(*) AS n FROM `v1` WHERE `id` IS NOT NULL AND `day` IS NOT NULL GROUP BY `id`, `day`)',
      'SELECT (SELECT count(*) FROM (SELECT * FROM `v1` WHERE `id` IS NOT NULL)), (SELECT count(*) FROM (SELECT * FROM `v1` WHERE `id` IS NOT NULL) AS t LEFT ANTI JOIN `v2` AS r ON r.`c id` = t.`id`)',
    ]);
    expect(measures).toEqual({ rows: 5, aggregates: [], keys: [{ distinct: 4, keyedRows: 5, duplicateRows: 2 }], references: [{ checked: 5, missing: 1 }] });
  });

  it('refuses a reference to an asset it was not given, naming it', async () => {
    const { session } = recording([[1n]]);
    const request: MeasureRequest = { asset: 't', field: 'f', columns: COLUMNS, aggregates: [], keys: [], references: [{ column: 'id', asset: 'nope', referenceColumn: 'id' }] };
    await expect(sparkMeasurer(session, '`v1`')(request)).rejects.toMatchObject({ code: 'E_BAD_SOURCE', message: 'asset "t": reference asset "nope" has not been computed' });
  });
});
