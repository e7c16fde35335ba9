/** How the DuckDB backend runs one transformation kind: as a SELECT over its upstream relations. */
import type { TransformationKind } from '@pipeline/definition';
import type { BoundSource } from '@pipeline/engine-core';

/** The DuckDB implementation of kind `K`. */
export interface DuckDbKind<K extends TransformationKind> {
  /**
   * The definition field whose expressions a runtime failure is blamed on in messages
   * (`asset "s": filter: ...`).
   */
  readonly field: string;
  /**
   * The SELECT computing the asset; `relations` are the upstream relation names (quoted), in the
   * kind's order. `context.ordered` is false when no result can observe this asset's row order
   * (`unobserved-order.ts`), so a kind may skip work done only to order its rows; without a
   * context the rows are ordered.
   */
  sql(bound: BoundSource<K>, relations: readonly string[], context?: KindContext): string;
  /**
   * True when every column of the SELECT is a column of an upstream relation, unchanged (a
   * filter, a reordering, a subset of rows or columns): its DuckDB types are then the portable
   * ones the upstream relation already has, and the backend does not ask DuckDB to describe it
   * (a statement per asset that a small job notices). Without it the SELECT is described.
   */
  keepsColumnTypes?(bound: BoundSource<K>): boolean;
  /**
   * True when the SQL numbers and sorts rows only to give the JavaScript backend's order (a cost
   * `context.ordered` false skips). A plan holding such a kind is worth asking which assets'
   * order no output observes, and its inputs are read with row estimates (a join picks its build
   * side by them).
   */
  readonly sortsForParity?: boolean;
}

/** What a kind's SQL may rely on beyond its bound source. */
export interface KindContext {
  /** Whether the rows must come in the order the JavaScript backend gives them. */
  readonly ordered: boolean;
}
