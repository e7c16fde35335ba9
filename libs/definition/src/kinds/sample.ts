/** Catalogue entry of the `sample` kind: a seeded random sample of rows. */
import type { SampleSource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, FLAG_FIELD } from './schema-parts';

/** Fields of a `sample` source once checked. */
export interface SampleFields {
  readonly from: string;
  readonly fraction?: number;
  readonly withReplacement?: boolean;
  readonly seed?: number;
  readonly lowerBound?: number;
  readonly upperBound?: number;
  readonly deterministicOrder?: boolean;
}

/** The `sample` kind. */
export const SAMPLE_KIND: KindDefinition<'sample', SampleFields> = {
  kind: 'sample',
  role: 'transformation',
  description:
    'A random sample of `from`: about `fraction` of the rows (or those drawn in [`lowerBound`, `upperBound`)), the same rows for the same `seed` on a given backend, in input order.',
  label: 'SAMPLE',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      fraction: { type: 'number', description: 'in (0, 1]' },
      withReplacement: FLAG_FIELD,
      seed: { type: 'integer' },
      lowerBound: { type: 'number' },
      upperBound: { type: 'number' },
      deterministicOrder: FLAG_FIELD,
    },
    required: ['from'],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    const bounds = fields.lowerBound !== undefined || fields.upperBound !== undefined;
    if ((fields.fraction === undefined) === !bounds) {
      return { field: 'fraction', detail: 'or lowerBound and upperBound: give exactly one of them' };
    }
    if (fields.fraction !== undefined && !(fields.fraction > 0 && fields.fraction <= 1)) {
      return { field: 'fraction', detail: `must be in (0, 1] (got ${fields.fraction})` };
    }
    if (bounds) {
      const lower = fields.lowerBound ?? 0;
      const upper = fields.upperBound;
      if (upper === undefined) return { field: 'upperBound', detail: 'is required with lowerBound' };
      if (!(lower >= 0 && lower < upper && upper <= 1)) {
        return { field: 'lowerBound', detail: `and upperBound must satisfy 0 <= lowerBound < upperBound <= 1 (got ${lower} and ${upper})` };
      }
    }
    if (fields.withReplacement === true) {
      return { field: 'withReplacement', detail: 'true is not supported by this service (a row is drawn at most once)' };
    }
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields): SampleSource => ({
    kind: 'sample',
    from: fields.from,
    lowerBound: fields.fraction === undefined ? (fields.lowerBound ?? 0) : 0,
    upperBound: fields.fraction ?? (fields.upperBound as number),
    // Without a seed every run draws its own sample.
    seed: fields.seed ?? Math.floor(Math.random() * 2 ** 31),
  }),
};
