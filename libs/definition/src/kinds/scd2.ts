/** Catalogue entry of the `scd2` kind: a dimension's history (`current`) brought up to date with `incoming`. */
import { defineKind } from './kind-definition';
import { ASSET_REF, COLUMN, COLUMN_LIST } from './schema-parts';

/**
 * Slowly changing dimension type 2 (spec 8.25): `current` holds the dimension so far (history and
 * open rows), `incoming` the new snapshot; the result is the whole dimension after the change.
 */
export interface Scd2Source {
  readonly kind: 'scd2';
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
export const SCD2_KIND = defineKind({
  kind: 'scd2',
  role: 'transformation',
  description:
    'Slowly changing dimension type 2: `current` is the dimension so far (typically an input reading the last output), `incoming` the new snapshot; open rows whose `trackColumns` changed are closed and a new version opened, new keys are opened, the rest is kept (keys match with NULLs equal; a key twice in the snapshot or among the open rows fails the job); the output is the whole history, current rows first.',
  label: 'SCD2',
  fields: {
    current: ASSET_REF,
    incoming: ASSET_REF,
    keyColumns: COLUMN_LIST,
    trackColumns: COLUMN_LIST,
    startDateColumn: COLUMN,
    endDateColumn: COLUMN,
    currentFlagColumn: COLUMN,
  },
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
  upstream: (source) => [source.current, source.incoming],
});
