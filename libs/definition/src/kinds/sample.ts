/** Catalogue entry of the `sample` kind: a seeded random sample of rows. */
import { integer, number, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, FLAG } from './schema-parts';

/**
 * A seeded sample: without replacement the rows whose draw (a function of seed and position) falls
 * in [lowerBound, upperBound); with replacement each row repeated k times, k ~ Poisson(upperBound -
 * lowerBound) drawn from the same function (Spark's Poisson sampling), repeats adjacent.
 */
export interface SampleSource {
  readonly kind: 'sample';
  readonly from: string;
  readonly lowerBound: number;
  readonly upperBound: number;
  readonly withReplacement: boolean;
  /** Drawn when the document gives none (then two runs differ). */
  readonly seed: number;
}

/** The `sample` kind. */
export const SAMPLE_KIND = defineKind({
  kind: 'sample',
  role: 'transformation',
  description:
    'A random sample of `from`: about `fraction` of the rows (or those drawn in [`lowerBound`, `upperBound`)), the same rows for the same `seed` on a given backend, in input order; with `withReplacement` each row appears k times, k ~ Poisson(fraction), repeats adjacent.',
  label: 'SAMPLE',
  fields: {
    from: ASSET_REF,
    fraction: optional(number({ description: 'in (0, 1]' })),
    withReplacement: optional(FLAG),
    seed: optional(integer()),
    lowerBound: optional(number()),
    upperBound: optional(number()),
    deterministicOrder: optional(FLAG),
  },
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
    return undefined;
  },
  build: (fields): SampleSource => ({
    kind: 'sample',
    from: fields.from,
    lowerBound: fields.fraction === undefined ? (fields.lowerBound ?? 0) : 0,
    upperBound: fields.fraction ?? (fields.upperBound as number),
    withReplacement: fields.withReplacement === true,
    // Without a seed every run draws its own sample.
    seed: fields.seed ?? Math.floor(Math.random() * 2 ** 31),
  }),
  upstream: (source) => [source.from],
});
