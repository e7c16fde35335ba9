/**
 * Generator entries (spec 9.13.7 explode, explode_outer, posexplode; 9.13.10 json_tuple): a
 * select entry, or an addColumns expression, whose call yields rows of one or more columns. The
 * call is bound like any other (its type is the struct of the columns it yields); its columns are
 * named by the `AS (a, b)` list or the alias, else by their default names (col, key, value, pos,
 * c0, c1, ...). Validation keeps generators everywhere else out (V-009 EXPR_GENERATOR).
 */
import { isGeneratorCall, type Expr, type FunctionName } from '@pipeline/definition';
import { typeError } from '../../errors';
import type { DataType } from '../../types/data-type';
import { bindExpression, type Column, type Scope } from '../bind-expression';
import type { BoundCall } from '../bound-expr';
import { generatorColumns } from '../function-types';

/** A bound generator call: what it yields per input row and the names its columns take. */
export interface BoundGenerator {
  readonly call: BoundCall & { readonly name: GeneratorName };
  readonly columns: readonly { readonly name: string; readonly type: DataType }[];
}

/** The generator functions of the catalogue. */
export type GeneratorName = Extract<FunctionName, 'explode' | 'explode_outer' | 'posexplode' | 'json_tuple'>;

/** The generator call an entry is (alone or under its alias), or undefined for any other entry. */
export function generatorEntry(e: Expr): Expr | undefined {
  const inner = e.kind === 'alias' ? e.expr : e;
  return isGeneratorCall(inner) ? inner : undefined;
}

/**
 * Binds generator entry `e` in `scope`, its columns named by `names` when given (addColumns' one
 * name), else by the entry's aliases, else by default; E_TYPE when the count of names differs
 * from the count of columns.
 */
export function bindGenerator(e: Expr, scope: Scope, names?: readonly string[]): BoundGenerator {
  const written = generatorEntry(e);
  const call = bindExpression(written as Expr, scope) as BoundGenerator['call'];
  const defaults = generatorColumns(call.type);
  const given = names ?? (e.kind === 'alias' ? (e.names ?? [e.alias]) : undefined);
  if (given !== undefined && given.length !== defaults.length) {
    const yields = `${call.name} of ${call.args[0]?.type} yields ${defaults.length} column${defaults.length === 1 ? '' : 's'} (${defaults.map((c) => c.name).join(', ')})`;
    if (names !== undefined) throw typeError(scope.asset, scope.field, `${yields}, and an addColumns entry adds one: use a select`);
    const fix = defaults.length === 1 ? 'one name' : `${defaults.length} names with AS (${defaults.map((c) => c.name).join(', ')})`;
    throw typeError(scope.asset, scope.field, `${yields}, ${given.length} named: give ${fix}`);
  }
  return { call, columns: defaults.map((c, i) => ({ name: given?.[i] ?? c.name, type: c.type })) };
}

/** A column name not among `taken` (compared ignoring case, as DuckDB does): `base`, `base_1`, ... */
export function freshName(taken: readonly Column[], base: string): string {
  const names = new Set(taken.map((c) => c.name.toLowerCase()));
  let name = base;
  for (let i = 1; names.has(name.toLowerCase()); i++) name = `${base}_${i}`;
  return name;
}
