/** Catalogue entry of the `describe` kind (spec 8.43): descriptive statistics of numeric columns. */
import { DESCRIBE_STATISTICS, type DescribeSource, type DescribeStatistic } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of a `describe` source once checked. */
export interface DescribeFields {
  readonly from: string;
  readonly columns?: readonly string[];
  readonly statistics?: readonly DescribeStatistic[];
}

/** The `describe` kind. */
export const DESCRIBE_KIND: KindDefinition<'describe', DescribeFields> = {
  kind: 'describe',
  role: 'transformation',
  description:
    'Descriptive statistics of the numeric `columns` of `from` (all numeric columns when absent): a `summary` column naming the statistic, then one double column per column described; one row per statistic of `statistics`, in the order listed (default count, mean, stddev, min, max, 25%, 50%, 75%). NULLs are skipped; stddev is the sample standard deviation; the percentiles interpolate between the two nearest values.',
  label: 'DESCRIBE',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      columns: COLUMN_LIST_FIELD,
      statistics: { type: 'array', minItems: 1, items: { type: 'string', enum: [...DESCRIBE_STATISTICS] }, description: 'non-empty list of statistics' },
    },
    required: ['from'],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    const twice = fields.columns?.find((c, i) => fields.columns?.indexOf(c) !== i);
    if (twice !== undefined) return { field: 'columns', detail: `lists column "${twice}" twice` };
    const again = fields.statistics?.find((s, i) => fields.statistics?.indexOf(s) !== i);
    if (again !== undefined) return { field: 'statistics', detail: `lists "${again}" twice` };
    return undefined;
  },
  upstream: (source) => [source.from],
  build: (fields): DescribeSource => ({
    kind: 'describe',
    from: fields.from,
    ...(fields.columns === undefined ? {} : { columns: [...fields.columns] }),
    statistics: [...(fields.statistics ?? DESCRIBE_STATISTICS)],
  }),
};
