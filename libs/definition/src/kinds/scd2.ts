/** Catalogue entry of the `scd2` kind: a dimension's history (`current`) brought up to date with `incoming`. */
import type { Scd2Source } from '../definition';
import type { KindDefinition } from './kind-definition';
import { ASSET_REF_FIELD, COLUMN_FIELD, COLUMN_LIST_FIELD } from './schema-parts';

/** Fields of an `scd2` source once checked. */
export interface Scd2Fields {
  readonly current: string;
  readonly incoming: string;
  readonly keyColumns: readonly string[];
  readonly trackColumns: readonly string[];
  readonly startDateColumn: string;
  readonly endDateColumn: string;
  readonly currentFlagColumn: string;
}

const HISTORY_COLUMNS = ['startDateColumn', 'endDateColumn', 'currentFlagColumn'] as const;

/** The `scd2` kind. */
export const SCD2_KIND: KindDefinition<'scd2', Scd2Fields> = {
  kind: 'scd2',
  role: 'transformation',
  description:
    'Slowly changing dimension type 2: `current` is the dimension so far (typically an input reading the last output), `incoming` the new snapshot; open rows whose `trackColumns` changed are closed and a new version opened, new keys are opened, the rest is kept (keys match with NULLs equal; a key twice in the snapshot or among the open rows fails the job); the output is the whole history, current rows first.',
  label: 'SCD2',
  schema: {
    type: 'object',
    properties: {
      current: ASSET_REF_FIELD,
      incoming: ASSET_REF_FIELD,
      keyColumns: COLUMN_LIST_FIELD,
      trackColumns: COLUMN_LIST_FIELD,
      startDateColumn: COLUMN_FIELD,
      endDateColumn: COLUMN_FIELD,
      currentFlagColumn: COLUMN_FIELD,
    },
    required: ['current', 'incoming', 'keyColumns', 'trackColumns', ...HISTORY_COLUMNS],
    additionalProperties: false,
  },
  expressions: [],
  check: (fields) => {
    if (fields.current === fields.incoming) return { field: 'incoming', detail: 'must name another asset than current' };
    const seen = new Map<string, string>();
    for (const field of HISTORY_COLUMNS) {
      const name = fields[field];
      const lower = name.toLowerCase();
      const earlier = seen.get(lower);
      if (earlier !== undefined) return { field, detail: `names the same column as ${earlier} ("${name}")` };
      seen.set(lower, field);
      for (const list of ['keyColumns', 'trackColumns'] as const) {
        if (fields[list].some((c) => c.toLowerCase() === lower)) {
          return { field, detail: `"${name}" is one of ${list}; the history columns are added by scd2 and must not be data columns` };
        }
      }
    }
    return undefined;
  },
  upstream: (source) => [source.current, source.incoming],
  build: (fields): Scd2Source => ({
    kind: 'scd2',
    current: fields.current,
    incoming: fields.incoming,
    keyColumns: [...fields.keyColumns],
    trackColumns: [...fields.trackColumns],
    startDateColumn: fields.startDateColumn,
    endDateColumn: fields.endDateColumn,
    currentFlagColumn: fields.currentFlagColumn,
  }),
};
