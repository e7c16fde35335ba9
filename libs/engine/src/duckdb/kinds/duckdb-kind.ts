/** How the DuckDB backend runs one transformation kind: as a SELECT over its upstream relations. */
import type { TransformationKind } from '@pipeline/definition';
import type { BoundSource } from '../../check/bind-source';

/** The DuckDB implementation of kind `K`. */
export interface DuckDbKind<K extends TransformationKind> {
  /**
   * The definition field whose expressions a runtime failure is blamed on in messages
   * (`asset "s": filter: ...`).
   */
  readonly field: string;
  /** The SELECT computing the asset; `relations` are the upstream relation names (quoted), in the kind's order. */
  sql(bound: BoundSource<K>, relations: readonly string[]): string;
}
