/** How the danfo backend runs one transformation kind: in JavaScript over its inputs' column arrays. */
import type { TransformationKind } from '@pipeline/definition';
import type { Column, BoundSource, Value } from '@pipeline/engine-core';
import type { Columns, JsCompileContext } from '../compile-js';
import type { DanfoFrame } from '../load-danfo';

/** One upstream asset of a transformation, as the danfo backend holds it. */
export interface DanfoInput {
  readonly asset: string;
  readonly frame: DanfoFrame;
  readonly columns: readonly Column[];
  /** Column-major values (one array per column). */
  readonly data: Columns;
  readonly rowCount: number;
}

/** Builds frames without going through danfo's label lookups (quadratic). */
export interface FrameMaker {
  /** A frame from column-major values. */
  fromColumns(columns: readonly Column[], data: readonly (readonly Value[])[], rowCount: number): DanfoFrame;
  /** The rows of `input` at the given positions, in that order. */
  rowsOf(input: DanfoInput, rows: number[]): DanfoFrame;
}

/** What a kind's implementation gets. */
export interface DanfoKindContext<K extends TransformationKind> {
  readonly ref: string;
  readonly bound: BoundSource<K>;
  /** The upstream assets, in the order the kind names them. */
  readonly inputs: readonly DanfoInput[];
  readonly signal: AbortSignal | undefined;
  readonly frames: FrameMaker;
  /** The compile context of an expression field over the first input's columns. */
  compileContext(field: string): JsCompileContext;
}

/** The computed asset; its columns are the bound source's. */
export interface DanfoResult {
  readonly frame: DanfoFrame;
  readonly rowCount: number;
}

/** The danfo implementation of kind `K`. */
export type DanfoKind<K extends TransformationKind> = (ctx: DanfoKindContext<K>) => Promise<DanfoResult>;
