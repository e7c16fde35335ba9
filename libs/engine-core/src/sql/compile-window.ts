/**
 * `fn(...) OVER (PARTITION BY ... ORDER BY ... frame)` in the window syntax DuckDB and Spark SQL
 * share, so both compilers place ties and frames the same way. Ties in the ORDER BY are broken by
 * input position wherever the result would otherwise depend on the order the engine happens to
 * read peers in (row_number, ntile, lag, lead, rows frames); rank, dense_rank and range frames keep
 * peers. first_value and last_value over a range frame read the frame's first or last row, which
 * among peers is taken in input order by recasting them as rows windows that give the same row.
 */
import { assertNever } from '@pipeline/definition';
import type { BoundExpr, BoundFrameBound, BoundWindow } from '../bind/bound-expr';
import { internalError } from '../errors';

/** An aggregate used as a window function. */
export type WindowAggregate = Exclude<BoundWindow['call'], { readonly kind: 'window_function' }>;

/** What a SQL dialect brings to a window: its input-position column, number literals and aggregates. */
export interface WindowDialect {
  /** The column numbering the input rows (ties are broken by it); a window needs one. */
  readonly position: string | undefined;
  /** A number literal (a frame's offset). */
  readonly number: (text: string) => string;
  /** The aggregate `call` over `over` (its text ends with `over`, or it cannot be a window). */
  readonly aggregate: (call: WindowAggregate, over: string) => string;
}

export function compileWindowSql(node: BoundWindow, compile: (e: BoundExpr) => string, dialect: WindowDialect): string {
  const position = dialect.position;
  if (position === undefined) throw internalError('a window expression was compiled without the input positions');
  const partition = node.partitionBy.map(compile);
  const keys = node.orderBy.map((o) => `${compile(o.expr)} ${o.direction.toUpperCase()} NULLS ${o.nulls.toUpperCase()}`);
  const spec = (partitionBy: readonly string[], orderBy: readonly string[], frame: string): string =>
    ` OVER (${[partitionBy.length > 0 ? `PARTITION BY ${partitionBy.join(', ')}` : '', orderBy.length > 0 ? `ORDER BY ${orderBy.join(', ')}` : '', frame]
      .filter((part) => part !== '')
      .join(' ')})`;
  const { frame, call } = node;
  const frameText = (): string => frameSql(frame, dialect.number);
  if (call.kind === 'window_function') {
    const args = call.args.map(compile);
    switch (call.name) {
      case 'row_number':
      case 'ntile':
      case 'lag':
      case 'lead':
        return `${call.name}(${args.join(', ')})${spec(partition, [...keys, position], '')}`;
      case 'rank':
      case 'dense_rank':
        return `${call.name}()${spec(partition, keys, '')}`;
      case 'first_value':
      case 'last_value': {
        const edge = call.name === 'first_value' ? frame.start : frame.end;
        if (frame.type === 'range' && (edge.kind === 'unbounded_preceding' || edge.kind === 'unbounded_following')) {
          // The partition's first (or last) row in ORDER BY then input order.
          return `${call.name}(${args[0]})${spec(partition, [...keys, position], 'ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING')}`;
        }
        if (frame.type === 'range' && edge.kind === 'current_row') {
          // The first (or last) of the current row's peers, in input order.
          return `${call.name}(${args[0]})${spec([...partition, ...node.orderBy.map((o) => compile(o.expr))], [position], 'ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING')}`;
        }
        return `${call.name}(${args[0]})${spec(partition, frame.type === 'rows' ? [...keys, position] : keys, frameText())}`;
      }
      default:
        return assertNever(call);
    }
  }
  const over = spec(partition, frame.type === 'rows' ? [...keys, position] : keys, frameText());
  const sql = dialect.aggregate(call, over);
  if (!sql.includes(over)) throw internalError(`aggregate "${call.name}" cannot be compiled as a window function`);
  return sql;
}

function frameSql(frame: BoundWindow['frame'], number: (text: string) => string): string {
  const bound = (b: BoundFrameBound): string => {
    switch (b.kind) {
      case 'unbounded_preceding':
        return 'UNBOUNDED PRECEDING';
      case 'unbounded_following':
        return 'UNBOUNDED FOLLOWING';
      case 'current_row':
        return 'CURRENT ROW';
      default:
        return `${number(String(b.offset ?? 0))} ${b.kind === 'preceding' ? 'PRECEDING' : 'FOLLOWING'}`;
    }
  };
  return `${frame.type.toUpperCase()} BETWEEN ${bound(frame.start)} AND ${bound(frame.end)}`;
}
