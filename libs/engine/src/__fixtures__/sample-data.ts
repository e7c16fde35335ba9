/**
 * The data the sample specs draw from, on every backend: data.csv of 2000 rows (id 1 to 2000, v
 * the id's rest by 7), in a fresh data root for each test.
 */
import { makeTempRoot, type TempRoot } from '@pipeline/engine-core/testing';

export const SAMPLE_DATA = ['id,v', ...Array.from({ length: 2000 }, (_, i) => `${i + 1},${i % 7}`), ''].join('\n');

/** Registers, in the calling describe, a data root holding data.csv made before each test and removed after; gives the current one. */
export function sampleDataRoot(): () => TempRoot {
  let root: TempRoot | undefined;
  beforeEach(() => {
    root = makeTempRoot();
    root.write('data.csv', SAMPLE_DATA);
  });
  afterEach(() => root?.cleanup());
  return () => {
    if (root === undefined) throw new Error('sampleDataRoot() is read inside a test');
    return root;
  };
}
