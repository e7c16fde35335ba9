import { TRANSFORMATION_KINDS, type TransformationKind } from '@pipeline/definition';
import { validatePipeline } from '@pipeline/validation';
import { BACKEND_DRIVERS } from '../backend-drivers';
import { groupBy, input, output, select, where } from '@pipeline/engine-core/testing';
import {
  firstUnsupportedKind,
  requireBackendSupport,
  kindSupportOf,
  unsupported,
  type KindSupport,
} from '@pipeline/engine-core';
import { checkBackendSupport } from './check-backend-support';

/** A backend that runs where and select but not group_by. */
const noGrouping: KindSupport = kindSupportOf({
  ...Object.fromEntries(TRANSFORMATION_KINDS.map((kind) => [kind, true])),
  group_by: unsupported('no grouping here'),
} as Record<TransformationKind, unknown>);

/** A pipeline reading e.csv and writing it out as the output's `fields` say (`format: csv, path: o.csv`). */
const csvCopiedTo = (fields: string): string =>
  [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: csv, path: e.csv } }',
    '    - asset_ref: out',
    `      source: { output: { from: raw, ${fields} } }`,
  ].join('\n');

const steps = [
  { ref: 'raw', source: input('e.csv') },
  { ref: 'rich', source: where('raw', 'salary > 1') },
  { ref: 'by_dept', source: groupBy('rich', ['dept'], ['count(*) AS n']) },
  { ref: 'names', source: select('rich', 'name') },
  { ref: 'out', source: output('o.csv') },
];

describe('backend support', () => {
  it('finds the first asset whose kind a backend does not run', () => {
    expect(firstUnsupportedKind(steps, noGrouping)).toEqual({ ref: 'by_dept', index: 2, kind: 'group_by', reason: 'no grouping here' });
    expect(firstUnsupportedKind(steps.filter((s) => s.ref !== 'by_dept'), noGrouping)).toBeUndefined();
  });

  it('refuses a plan before its first step with E_UNSUPPORTED_KIND naming asset, kind and backend', () => {
    expect(() => requireBackendSupport(steps, 'danfo', noGrouping)).toThrow(
      expect.objectContaining({
        code: 'E_UNSUPPORTED_KIND',
        message: 'asset "by_dept": group_by is not supported by backend "danfo": no grouping here',
        details: { asset: 'by_dept', kind: 'group_by', backend: 'danfo' },
      }),
    );
  });

  it('every backend runs the kinds of today', () => {
    for (const driver of Object.values(BACKEND_DRIVERS)) {
      expect(firstUnsupportedKind(steps, driver.kinds)).toBeUndefined();
    }
  });

  it('answers undefined (valid) for a pipeline every backend runs', () => {
    const validated = validatePipeline(csvCopiedTo('format: csv, path: o.csv'));
    if (!validated.ok) throw new Error(validated.error.message);
    expect(checkBackendSupport(validated.pipeline.assets, 'duckdb')).toBeUndefined();
    expect(checkBackendSupport(validated.pipeline.assets, 'danfo')).toBeUndefined();
  });

  it('refuses with V-014 an output a backend does not write as defined (a JSON array on Spark), at validation and before a run', () => {
    const yaml = (options: string): string => csvCopiedTo(`format: json, path: o.json${options}`);
    const assets = (text: string) => {
      const validated = validatePipeline(text);
      if (!validated.ok) throw new Error(validated.error.message);
      return validated.pipeline.assets;
    };
    const array = assets(yaml(', options: { multiLine: "true" }'));
    expect(checkBackendSupport(array, 'spark')).toMatchObject({
      code: 'V-014',
      message: 'V-014: asset "out": this json output is not supported by backend "spark"',
      details: expect.objectContaining({ asset: 'out', reason: expect.stringContaining('option multiLine "true" writes one JSON array') }),
    });
    expect(checkBackendSupport(array, 'duckdb')).toBeUndefined();
    expect(checkBackendSupport(assets(yaml(', options: { multiLine: "false" }')), 'spark')).toBeUndefined();
    expect(checkBackendSupport(assets(yaml('')), 'spark')).toBeUndefined();
    const spark = BACKEND_DRIVERS.spark;
    expect(() => requireBackendSupport(array.map((a) => ({ ref: a.ref, source: a.source })), 'spark', spark.kinds, spark.functions, spark.outputs)).toThrow(
      expect.objectContaining({ code: 'E_UNSUPPORTED_FORMAT', details: expect.objectContaining({ asset: 'out', backend: 'spark' }) }),
    );
  });
});
