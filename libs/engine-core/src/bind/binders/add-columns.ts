import type { ColumnDefinition } from '@pipeline/definition';
import type { BoundExpr } from '../bound-expr';
import { bindExpression, type Column } from '../bind-expression';
import type { Binder } from './binder-kit';
import { bindGenerator, generatorEntry, type BoundGenerator } from './generator';

/** One computed column: its expression over the columns as they were before it. */
export interface AddColumnStep {
  readonly name: string;
  readonly expr: BoundExpr;
  /** The position it replaces, or -1 when it is appended. */
  readonly replaces: number;
  /** The columns the expression reads (those before this step). */
  readonly over: readonly Column[];
  /**
   * A generator step (explode, json_tuple, ...; `expr` is its call): each row becomes the rows it
   * yields, the column holding its one column.
   */
  readonly generator?: BoundGenerator;
}

export interface BoundAddColumns {
  readonly kind: 'add_columns';
  readonly steps: readonly AddColumnStep[];
}

export const bindAddColumns: Binder<'add_columns', BoundAddColumns> = (ref, source, upstream) => {
  const { steps, columns } = bindColumnSteps(ref, source.from, source.columns, upstream[0].columns, (i) => `columns[${i}].expression`);
  return { transform: { kind: 'add_columns', steps }, columns };
};

/** Computed columns in order, each reading the columns the ones before it left; `field` names the i-th for messages. */
export function bindColumnSteps(
  ref: string,
  from: string,
  definitions: readonly ColumnDefinition[],
  input: readonly Column[],
  field: (i: number) => string,
): { readonly steps: AddColumnStep[]; readonly columns: readonly Column[] } {
  let columns: readonly Column[] = input;
  const steps = definitions.map((definition, i) => {
    const over = columns;
    const scope = { asset: ref, from, columns: over, field: field(i), context: 'row' } as const;
    const generator = generatorEntry(definition.expression) === undefined ? undefined : bindGenerator(definition.expression, scope, [definition.name]);
    const expr = generator?.call ?? bindExpression(definition.expression, scope);
    const type = generator?.columns[0]?.type ?? (expr.type === 'null' ? 'integer' : expr.type);
    // Names compare ignoring case, as DuckDB's do: `Total` replaces `total`.
    const replaces = over.findIndex((c) => c.name.toLowerCase() === definition.name.toLowerCase());
    const column = { name: replaces === -1 ? definition.name : over[replaces].name, type };
    columns = replaces === -1 ? [...over, column] : over.map((c, p) => (p === replaces ? column : c));
    return { name: column.name, expr, replaces, over, ...(generator === undefined ? {} : { generator }) };
  });
  return { steps, columns };
}
