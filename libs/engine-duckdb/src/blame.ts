/**
 * Whom a failure of a streamed statement is reported against. The views and inlined SELECTs of a
 * chain only run inside the statement that reads them (an output's COPY, a stored table), so a
 * runtime failure in an upstream expression (overflow, failed conversion) surfaces there; the
 * physical plan lists what each such statement streams, and this re-reads those relations to
 * find the first that fails alone.
 */
import {
  type Column,
  assetPrefix,
  type EngineError,
  engineError,
  isEngineError,
  problemAfterAsset,
  rebuildEngineError,
  type Blame,
  quoteIdentifier,
} from '@pipeline/engine-core';
import { translateDuckDbError, type DuckDbDatabase } from './duckdb-database';

/** A relation a statement can read: a quoted object name or a parenthesised SELECT, and its columns. */
export interface BlameRelation {
  readonly name: string;
  readonly columns: readonly Column[];
}

/**
 * Runtime failures an upstream expression can cause (not a read, write or mode failure). A
 * pattern RE2 cannot compile gets here when it comes from a column: constant patterns are refused
 * before anything runs.
 */
const BLAMEABLE: ReadonlySet<string> = new Set(['E_VALUE', 'E_TYPE', 'E_EXECUTION', 'E_BAD_PATTERN']);

/**
 * The error to report for `error`, met by a statement that streams `streams` (transformation
 * assets in plan order, each with its blame): the first that fails the same way alone, computing
 * every column; when none does, `own` (the statement's own asset and field), or the error as is.
 */
export async function blameStreamed(
  db: DuckDbDatabase,
  error: unknown,
  streams: readonly { readonly blame: Blame; readonly relation: BlameRelation }[],
  signal: AbortSignal | undefined,
  own?: Blame,
): Promise<unknown> {
  if (!isEngineError(error) || !BLAMEABLE.has(error.code) || signal?.aborted) return error;
  for (const { blame, relation } of streams) {
    const everyColumn = relation.columns.length === 0 ? '1' : relation.columns.map((c) => quoteIdentifier(c.name)).join(', ');
    try {
      await db.run(`SELECT max(hash(${everyColumn})) FROM ${relation.name}`, { signal, asset: blame.asset });
    } catch (e) {
      if (!isEngineError(e) || e.code !== error.code) return e;
      return withField(e, blame);
    }
  }
  return own === undefined ? error : withField(error, own);
}

/** `asset "s": <message>` as `asset "s": filter: <message>`. */
function withField(e: EngineError, blame: Blame): EngineError {
  return engineError(e.code, { ...e.details, asset: blame.asset, field: blame.field, problem: problemAfterAsset(e, blame.asset) }, { cause: e });
}

/** A read failure met while streaming an output is reported against its input when there is one. */
export function attributeReadError(e: unknown, ref: string, inputs: readonly string[]): EngineError {
  const err = translateDuckDbError(e, ref);
  if (err.code === 'E_READ_FAILED' && inputs.length === 1) {
    return rebuildEngineError('E_READ_FAILED', err.message.replace(assetPrefix(ref), assetPrefix(inputs[0])), { ...err.details, asset: inputs[0] });
  }
  return err;
}
