/**
 * DuckDB's primitives for streamed plans: an asset is a view, a table, or a SELECT written into the
 * statement that reads it, as its step's storage says; nothing runs until a table or an output's
 * COPY reads the chain.
 */
import {
  type RunOptions,
  type Column,
  type PlanPrimitives,
  type RelationLookup,
  type DataRoot,
  type Blame,
  type ReadStep,
  type RelationStep,
  quoteIdentifier,
  withRowChecks,
} from '@pipeline/engine-core';
import { blameStreamed, type BlameRelation } from './blame';
import type { DuckDbDatabase } from './duckdb-database';
import { inputRelation, type InputRelation } from './input-relation';
import { duckDbMeasurer } from './measure-sql';
import { stageRelation } from './stage-relation';
import { transformRelation } from './transform-relation';

/** A relation of a streamed plan: a quoted view or table name, or a parenthesised SELECT. */
export interface StreamedRelation {
  readonly name: string;
  readonly columns: readonly Column[];
}

/** Where a streamed plan runs: a connection, the data root, and the namer of its objects. */
export interface StreamedConnection {
  readonly db: DuckDbDatabase;
  readonly root: DataRoot;
  /** A new object name (unquoted) with this prefix, unique on the connection. */
  nextName(prefix: string): string;
}

/** The primitives of `connection`; `described` holds inputs already described for this run. */
export function streamedPrimitives(connection: StreamedConnection, described: ReadonlyMap<string, InputRelation> = new Map()): PlanPrimitives<StreamedRelation> {
  const { db, root } = connection;
  const streamed = (streams: readonly Blame[], lookup: RelationLookup<StreamedRelation>): { blame: Blame; relation: BlameRelation }[] =>
    streams.flatMap((blame) => {
      const relation = lookup(blame.asset);
      return relation === undefined ? [] : [{ blame, relation }];
    });
  /** Keeps `sql` as the step's storage says. */
  const store = async (step: ReadStep | RelationStep, sql: string, columns: readonly Column[], lookup: RelationLookup<StreamedRelation>, signal: AbortSignal | undefined): Promise<StreamedRelation> => {
    if (step.storage === 'inline') return { name: `(${sql})`, columns };
    const table = step.storage === 'table';
    const name = quoteIdentifier(connection.nextName(table ? 't' : 'v'));
    try {
      await db.run(`CREATE TEMP ${table ? 'TABLE' : 'VIEW'} ${name} AS ${sql}`, { signal, asset: step.asset });
    } catch (e) {
      // A table runs its chain of views now: blame the view that fails, or this asset's own field.
      throw table ? await blameStreamed(db, e, streamed(step.op === 'relation' ? (step.streams ?? []) : [], lookup), signal, step.blame) : e;
    }
    return { name, columns };
  };
  const measurer = (relation: StreamedRelation, references: Readonly<Record<string, StreamedRelation>> = {}) =>
    duckDbMeasurer((sql, o) => db.rows(sql, o), relation.name, references);
  return {
    async read(step, options) {
      const input = described.get(step.asset) ?? (await inputRelation(db, root, step.asset, step.source, options.signal, step.estimateRows));
      return store(step, input.sql, input.columns, () => undefined, options.signal);
    },
    async relation(step, upstream, lookup, options: RunOptions) {
      const named = step.from.map((asset, i) => ({ asset, ...upstream[i] }));
      const rel = await transformRelation(db, step.asset, step.source, named, options.signal, { ordered: step.ordered });
      return withRowChecks({ relation: await store(step, rel.sql, rel.columns, lookup, options.signal) }, rel.transform);
    },
    async stage(step, from, lookup, options) {
      try {
        return await stageRelation(db, root, step.asset, from, step.source, options.signal, step.reads);
      } catch (e) {
        throw await blameStreamed(db, e, streamed(step.streams, lookup), options.signal);
      }
    },
    columns: (relation) => relation.columns,
    measurer: (relation, references) => measurer(relation, references),
    // A streamed plan lists no release: its views and tables go with the connection.
    release: async () => undefined,
  };
}
