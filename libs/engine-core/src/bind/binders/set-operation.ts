/**
 * How union, intersect and except line up their inputs (spec 8.6-8.8): by position (names from
 * the first input) or by name (with `allowMissingColumns`, a column some inputs lack is NULL
 * there), each output column of the widest type of its inputs (spec 10.2). Inputs that do not
 * line up are refused before anything runs, naming the assets and columns.
 */
import type { SetOperationOptions, TransformationKind } from '@pipeline/definition';
import { engineError, typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import type { Column } from '../bind-expression';
import { supertype } from '../supertype';
import type { UpstreamColumns } from './binder-kit';

/** One input of a set operation: for each output column, the input column feeding it (null: missing). */
export interface SetOperationInput {
  readonly asset: string;
  readonly picks: readonly (Column | null)[];
}

/** The bound form shared by union, intersect and except. */
export interface BoundSetOperation<K extends TransformationKind> {
  readonly kind: K;
  /** Keep duplicates. */
  readonly all: boolean;
  readonly inputs: readonly SetOperationInput[];
}

/** Lines up `upstream` for a set operation of asset `ref`; returns the bound form and the output columns. */
export function bindSetOperation<K extends TransformationKind>(
  kind: K,
  ref: string,
  options: SetOperationOptions,
  upstream: readonly UpstreamColumns[],
): { readonly transform: BoundSetOperation<K>; readonly columns: readonly Column[] } {
  const names = options.byName ? namesByName(ref, kind, options, upstream) : namesByPosition(ref, kind, upstream);
  const inputs = upstream.map(({ asset, columns }) => ({
    asset,
    picks: names.map((name, position) => (options.byName ? findByName(columns, name) : columns[position]) ?? null),
  }));
  const columns = names.map((name, position) => ({ name, type: widest(ref, kind, name, inputs, position) }));
  return { transform: { kind, all: options.all, inputs }, columns };
}

function describe(input: UpstreamColumns): string {
  return `${input.asset} has ${input.columns.length} (${input.columns.map((c) => c.name).join(', ')})`;
}

function namesByPosition(ref: string, kind: string, upstream: readonly UpstreamColumns[]): string[] {
  const first = upstream[0];
  const other = upstream.find((u) => u.columns.length !== first.columns.length);
  if (other !== undefined) {
    throw engineError('E_SCHEMA_MISMATCH', {
      asset: ref,
      field: kind,
      columns: first.columns.map((c) => c.name),
      specCode: 'E-SCHEMA-001',
      problem: `the inputs have different numbers of columns: ${describe(first)}, ${describe(other)} (match them by name with byName: true)`,
    });
  }
  return first.columns.map((c) => c.name);
}

function findByName(columns: readonly Column[], name: string): Column | undefined {
  const lower = name.toLowerCase();
  return columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === lower);
}

function namesByName(ref: string, kind: string, options: SetOperationOptions, upstream: readonly UpstreamColumns[]): string[] {
  const names = upstream[0].columns.map((c) => c.name);
  for (const input of upstream.slice(1)) {
    const extra = input.columns.filter((c) => findByName(upstream[0].columns, c.name) === undefined).map((c) => c.name);
    const missing = names.filter((n) => findByName(input.columns, n) === undefined);
    if (options.allowMissingColumns) {
      for (const name of extra) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
    } else if (extra.length > 0 || missing.length > 0) {
      const lacks = missing.length === 0 ? '' : `${input.asset} lacks ${missing.join(', ')}`;
      const has = extra.length === 0 ? '' : `${input.asset} has ${extra.join(', ')} that ${upstream[0].asset} lacks`;
      throw engineError('E_SCHEMA_MISMATCH', {
        asset: ref,
        field: kind,
        columns: names,
        specCode: 'E-SCHEMA-001',
        problem: `the inputs do not have the same columns: ${[lacks, has].filter((t) => t !== '').join('; ')} (allowMissingColumns: true fills them with NULL)`,
      });
    }
  }
  return names;
}

function widest(ref: string, kind: string, name: string, inputs: readonly SetOperationInput[], position: number): DataType {
  let type: DataType = 'null';
  let from = '';
  for (const input of inputs) {
    const column = input.picks[position];
    if (column === null) continue;
    const joined = supertype(type, column.type);
    if (joined === undefined) {
      throw typeError(ref, kind, `column "${name}" cannot be combined: it is ${type} in ${from} but ${column.type} in ${input.asset}`, 'E-SCHEMA-001');
    }
    if (joined !== type) from = input.asset;
    type = joined;
  }
  return type === 'null' ? 'integer' : type;
}
