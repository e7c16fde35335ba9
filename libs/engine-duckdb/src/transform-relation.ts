/**
 * The SELECT of one transformation over its upstream relations: bound, compiled by the kind's SQL
 * module, and cast where DuckDB's natural result type differs from the portable type both backends
 * agree on. A kind whose columns depend on the data (pivot without values) reads what it needs first.
 */
import type { TransformationSource } from '@pipeline/definition';
import {
  type Column,
  bindSource,
  probeOf,
  type BoundTransform,
  checkedProbeAnswer,
  unsupportedKind,
  isUnsupported,
  quoteIdentifier,
} from '@pipeline/engine-core';
import { duckDbTypeName } from './compile-expression';
import type { DuckDbDatabase } from './duckdb-database';
import { describeSql } from './input-relation';
import { duckDbKindOf } from './kinds';
import type { KindContext } from './kinds/duckdb-kind';
import { probeSql } from './probe-sql';
import { portableTypeName } from './type-names';

/** An upstream relation a transformation reads: its asset, quoted name (or parenthesised SELECT) and columns. */
export interface UpstreamRelation {
  readonly asset: string;
  readonly name: string;
  readonly columns: readonly Column[];
}

/** A transformation compiled to one SELECT. */
export interface TransformRelation {
  readonly sql: string;
  readonly columns: readonly Column[];
  readonly transform: BoundTransform;
}

/** Binds and compiles `source` over `upstream`; fails as binding does (E_TYPE, E_UNKNOWN_COLUMN, ...). */
export async function transformRelation(
  db: DuckDbDatabase,
  ref: string,
  source: TransformationSource,
  upstream: readonly UpstreamRelation[],
  signal: AbortSignal | undefined,
  context: KindContext = { ordered: true },
): Promise<TransformRelation> {
  const kind = duckDbKindOf(source.kind);
  if (isUnsupported(kind)) throw unsupportedKind(ref, source.kind, 'duckdb', kind.unsupported);
  const request = probeOf(ref, source, upstream);
  let probed: (readonly (string | null)[])[] | undefined;
  if (request !== undefined) {
    const { name, columns } = upstream[request.input];
    const rows = await db.rows(probeSql(request, name, columns), { signal, asset: ref });
    probed = rows.map((r) => request.columns.map((_, i) => (r[i] === null ? null : String(r[i]))));
    checkedProbeAnswer(ref, request, probed);
  }
  const bound = bindSource(ref, source, upstream, probed);
  const sql = kind.sql(bound, upstream.map((u) => u.name), context);
  if (kind.keepsColumnTypes?.(bound) === true) return { sql, columns: bound.columns, transform: bound.transform };
  const described = await describeSql(db, sql, signal, ref);
  const mismatch = described.some((c, i) => portableTypeName(c.type) !== bound.columns[i]?.type);
  if (!mismatch) return { sql, columns: bound.columns, transform: bound.transform };
  const items = bound.columns.map((c, i) => {
    const col = quoteIdentifier(c.name);
    return portableTypeName(described[i].type) === c.type ? col : `CAST(${col} AS ${duckDbTypeName(c.type)}) AS ${col}`;
  });
  return { sql: `SELECT ${items.join(', ')} FROM (${sql})`, columns: bound.columns, transform: bound.transform };
}
