/** Catalogue entry of the `order_by` kind (Teckel `orderBy`): sorts rows, stably. */
import type { OrderBySource } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD } from './schema-parts';

/** One sort column once checked: a bare name was read as `{ column: name }`. */
interface SortColumnFields {
  readonly column: string;
  readonly direction?: 'asc' | 'desc';
  readonly nulls?: 'first' | 'last';
}

/** Fields of an `order_by` source once checked. */
export interface OrderByFields {
  readonly from: string;
  readonly columns: readonly SortColumnFields[];
}

/** The `order_by` kind. */
export const ORDER_BY_KIND: KindDefinition<'order_by', OrderByFields> = {
  kind: 'order_by',
  specKey: 'orderBy',
  role: 'transformation',
  description:
    'Sorts `from` by `columns` (a name, or `{column, direction: asc|desc, nulls: first|last}`); stable, NULLs last unless `nulls: first`.',
  label: 'ORDER BY',
  schema: {
    type: 'object',
    properties: {
      from: ASSET_REF_FIELD,
      columns: {
        type: 'array',
        minItems: 1,
        description: 'non-empty list of sort columns',
        items: {
          type: 'object',
          stringAs: 'column',
          properties: {
            column: COLUMN_FIELD,
            direction: { type: 'string', enum: ['asc', 'desc'] },
            nulls: { type: 'string', enum: ['first', 'last'] },
          },
          required: ['column'],
          additionalProperties: false,
        },
      },
    },
    required: ['from', 'columns'],
    additionalProperties: false,
  },
  expressions: [],
  upstream: (source) => [source.from],
  build: (fields): OrderBySource => ({
    kind: 'order_by',
    from: fields.from,
    columns: fields.columns.map((c) => ({ column: c.column, direction: c.direction ?? 'asc', nulls: c.nulls ?? 'last' })),
  }),
};
