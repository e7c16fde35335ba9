/** Catalogue entry of the `describe` kind (spec 8.43): descriptive statistics of numeric columns. */
import { list, oneOf, optional } from './fields';
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN_LIST } from './schema-parts';
import { DESCRIBE_STATISTICS, type DescribeStatistic } from '../definition';

/** Descriptive statistics of numeric columns of `from`: one row per statistic, one column per column described. */
export interface DescribeSource {
  readonly kind: 'describe';
  readonly from: string;
  /** The columns described; absent: every numeric column. */
  readonly columns?: readonly string[];
  readonly statistics: readonly DescribeStatistic[];
}

/** The `describe` kind. */
export const DESCRIBE_KIND = defineKind({
  kind: 'describe',
  role: 'transformation',
  description:
    'Descriptive statistics of the numeric `columns` of `from` (all numeric columns when absent): a `summary` column naming the statistic, then one double column per column described; one row per statistic of `statistics`, in the order listed (default count, mean, stddev, min, max, 25%, 50%, 75%). NULLs are skipped; stddev is the sample standard deviation; the percentiles interpolate between the two nearest values.',
  label: 'DESCRIBE',
  fields: {
    from: ASSET_REF,
    columns: optional(COLUMN_LIST),
    statistics: optional(list(oneOf(DESCRIBE_STATISTICS), { minItems: 1, description: 'non-empty list of statistics' })),
  },
  check: (fields) => {
    const twice = fields.columns?.find((c, i) => fields.columns?.indexOf(c) !== i);
    if (twice !== undefined) return { field: 'columns', detail: `lists column "${twice}" twice` };
    const again = fields.statistics?.find((s, i) => fields.statistics?.indexOf(s) !== i);
    if (again !== undefined) return { field: 'statistics', detail: `lists "${again}" twice` };
    return undefined;
  },
  build: (fields): DescribeSource => ({
    kind: 'describe',
    from: fields.from,
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    statistics: [...(fields.statistics ?? DESCRIBE_STATISTICS)],
  }),
  upstream: (source) => [source.from],
});
