/**
 * A run's lineage stays bounded: a wide coarse step (every output column from every input column)
 * is left out past MAX_LINEAGE_ORIGINS instead of travelling with and being stored in the job.
 */
import type { TransformationSource } from '@pipeline/definition';
import type { Column } from '../bind/bind-expression';
import type { PhysicalPlan } from '../plan/physical-plan';
import { MAX_LINEAGE_ORIGINS, runLineage } from './run-lineage';

function wide(width: number): { plan: PhysicalPlan; columns: Map<string, readonly Column[]> } {
  const named = (prefix: string): Column[] => Array.from({ length: width }, (_, i) => ({ name: `${prefix}${i}`, type: 'double' }));
  // Only what runLineage reads of each step; the describe's recorded columns share no name with its input, so it is coarse.
  const plan = {
    steps: [
      { op: 'read', asset: 'raw', source: { kind: 'input', format: 'csv', path: 'raw.csv' } },
      { op: 'relation', asset: 'd', source: { kind: 'describe', from: 'raw' } as unknown as TransformationSource, from: ['raw'] },
      { op: 'stage', asset: 'out', from: 'd' },
    ],
  } as unknown as PhysicalPlan;
  return { plan, columns: new Map([['raw', named('c')], ['d', named('r')]]) };
}

describe('runLineage', () => {
  it('keeps a lineage within the bound', () => {
    const { plan, columns } = wide(100);
    const lineage = runLineage(plan, columns);
    expect(100 * 100).toBeLessThanOrEqual(MAX_LINEAGE_ORIGINS);
    expect(lineage?.outputs[0].fields['r0']).toHaveLength(100);
    expect(lineage?.inputs).toEqual([{ asset: 'raw', columns: columns.get('raw') }]);
  });

  it('leaves out a lineage past the bound (200 x 200 input columns)', () => {
    const { plan, columns } = wide(200);
    expect(200 * 200).toBeGreaterThan(MAX_LINEAGE_ORIGINS);
    expect(runLineage(plan, columns)).toBeUndefined();
  });
});
