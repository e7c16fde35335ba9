/** Which lazy views a failure is re-read through, in plan order, and the SQL computing each. */
import { engineError } from '@pipeline/engine-core';
import { sparkCatalogue, type SparkResult, type SparkSession } from '@pipeline/spark-connect';
import { blameLazy, everyColumnSql, streamedViews, type LazyView } from './spark-blame';

const input: LazyView = { name: '`in_1`', columns: [{ name: 'k', type: 'string' }], cached: false };
const cast: LazyView = { name: '`v_2`', columns: [{ name: 'i', type: 'integer' }], cached: false, step: { order: 1, blame: { asset: 'n', field: 'columns' } }, upstream: [input] };
const cached: LazyView = { name: '`v_3`', columns: [], cached: true, step: { order: 2, blame: { asset: 'c', field: 'filter' } }, upstream: [cast] };
const top: LazyView = { name: '`v_4`', columns: [{ name: 'm', type: 'map<string,long>' }, { name: 'x', type: 'long' }], cached: false, step: { order: 3, blame: { asset: 't', field: 'columns' } }, upstream: [cast, cached] };

describe('spark blame', () => {
  it('streams the lazy transformation views, in plan order, stopping at inputs and cached relations', () => {
    expect(streamedViews([top]).map((v) => v.name)).toEqual(['`v_2`', '`v_4`']);
    expect(streamedViews([cached])).toEqual([]);
  });

  it('computes every column but maps, which Spark cannot hash', () => {
    expect(everyColumnSql(top)).toBe('SELECT max(hash(`x`)) FROM `v_4`');
    expect(everyColumnSql({ name: '`e`', columns: [] })).toBe('SELECT max(hash(1)) FROM `e`');
  });

  it('blames the first view that fails alone the same way, else keeps the error', async () => {
    const sent: string[] = [];
    const failing = (names: readonly string[]): SparkSession =>
      ({
        sql: async (text: string): Promise<SparkResult> => {
          sent.push(text);
          if (names.some((n) => text.endsWith(n))) throw sparkCatalogue.create('SPARK_QUERY_FAILED', { errorClass: 'CAST_INVALID_INPUT', sqlState: '22018', message: 'spark query failed [CAST_INVALID_INPUT]' });
          return { columns: [], rows: [], operationId: 'op', observed: new Map() };
        },
      }) as unknown as SparkSession;
    const met = engineError('E_TYPE', { asset: 'out', field: 'output', problem: 'cannot convert a value' });
    expect(await blameLazy(failing(['`v_2`']), met, [top], undefined)).toMatchObject({ code: 'E_TYPE', details: { asset: 'n', field: 'columns', specCode: 'E-TYPE-001' } });
    expect(sent).toEqual(['SELECT max(hash(`i`)) FROM `v_2`']);
    expect(await blameLazy(failing([]), met, [top], undefined)).toBe(met);
    const unrelated = engineError('E_WRITE_FAILED', { asset: 'out', problem: 'disk full' });
    expect(await blameLazy(failing(['`v_2`']), unrelated, [top], undefined)).toBe(unrelated);
  });
});
