/**
 * Field declarations: typed combinators whose one declaration of a kind's fields gives its JSON
 * Schema (checked with ajv), the TypeScript type of the fields once checked (`Written`), the type
 * once their expression text is parsed (`Parsed`: a tree where the text was) and the expression
 * fields themselves, found by walking the declaration.
 *
 * ```ts
 * const fields = { from: ASSET_REF, filter: expression({ role: 'predicate' }) };
 * // Written<typeof fields> = { from: string; filter: string }
 * // Parsed<typeof fields>  = { from: string; filter: Expr }
 * ```
 */
import type { Expr } from '@pipeline/expression';

/** The subset of JSON Schema the kind catalogue uses to describe a kind's fields. */
export interface FieldSchema {
  readonly type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  readonly description?: string;
  readonly properties?: Readonly<Record<string, FieldSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | FieldSchema;
  readonly items?: FieldSchema;
  readonly minItems?: number;
  readonly minLength?: number;
  readonly minimum?: number;
  readonly minProperties?: number;
  readonly enum?: readonly (string | number | boolean)[];
  /**
   * YAML booleans and numbers are accepted here and read as the text they were written with
   * (options are strings, but `header: true` is natural YAML).
   */
  readonly scalarAsText?: boolean;
  /**
   * On an object schema: a bare string written here stands for an object with only this property
   * (`- salary` in a sort list means `- { column: salary }`).
   */
  readonly stringAs?: string;
}

/**
 * Where the grouping keys of an aggregate come from, naming a field of the same kind: the output
 * names of its parsed expressions (`group_by.by`), or the column names it lists, flat
 * (`rollup.by`, `groupingSets.sets`).
 */
export type GroupKeys<K extends string = string> = { readonly expressionsOf: K } | { readonly namesIn: K };

/**
 * What an expression field must compute, and the few ways a role is refined. A closed union: each
 * refinement exists only on the role it concerns.
 */
export type ExpressionUse<K extends string = string> =
  /** True, false or NULL for each row; `qualified`: every column names its asset (join conditions). */
  | { readonly role: 'predicate'; readonly qualified?: true }
  /** A bare column reference (`group_by.by`). */
  | { readonly role: 'column' }
  /**
   * A value per row. `entry` says what a whole list entry may be besides a value: `projection`
   * (select: `*`, `asset.*`, one generator per list), `column` (addColumns: a generator in each
   * entry), `window-function` (a window step's function, whose calls take the step's window).
   */
  | { readonly role: 'value'; readonly entry?: 'projection' | 'column' | 'window-function' }
  /** Aggregates; a bare column outside every aggregate must be one of `groupKeys` when given. */
  | { readonly role: 'aggregate'; readonly groupKeys?: GroupKeys<K> };

/** An aggregate use whose grouping keys name the field `K`. */
export type AggregateOver<K extends string> = { readonly role: 'aggregate'; readonly groupKeys: GroupKeys<K> };

/** How a declaration is built, so the expression fields can be found in a value. */
type Shape =
  | { readonly shape: 'leaf' }
  | { readonly shape: 'expression'; readonly use: ExpressionUse; readonly unless?: (text: string) => boolean }
  | { readonly shape: 'list'; readonly items: AnyField }
  | { readonly shape: 'object'; readonly properties: Props }
  | { readonly shape: 'map'; readonly values: AnyField };

/**
 * One declared field. `W` is its type once checked, `P` once its expressions are parsed, `R` the
 * names of other fields it refers to (an aggregate's grouping keys), checked by `defineKind`.
 */
export interface Field<W, P = W, R extends string = never> {
  readonly schema: FieldSchema;
  readonly node: Shape;
  /** True when an object may leave the field out. */
  readonly optional: boolean;
  /** Types only: never present at run time. */
  readonly '~types'?: { readonly written: W; readonly parsed: P; readonly refs: R };
}

/** Any declared field (a field's types only ever appear in covariant positions). */
export type AnyField = Field<unknown, unknown, string>;

/** The properties of an object declaration (and of a kind's fields). */
export type Props = Readonly<Record<string, AnyField>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<P extends Props> = { [K in keyof P]: P[K] extends { readonly optional: true } ? K : never }[keyof P];
type RequiredKeys<P extends Props> = Exclude<keyof P, OptionalKeys<P>>;

/** The type a field has once checked against its schema. */
export type WrittenOf<F> = F extends Field<infer W, unknown, string> ? W : never;
/** The type a field has once its expressions are parsed. */
export type ParsedOf<F> = F extends Field<unknown, infer P, string> ? P : never;
type RefsOf<F> = F extends Field<unknown, unknown, infer R> ? R : never;

/** The fields of an object declaration once checked. */
export type Written<P extends Props> = Simplify<
  { readonly [K in RequiredKeys<P>]: WrittenOf<P[K]> } & { readonly [K in OptionalKeys<P>]?: WrittenOf<P[K]> }
>;
/** The fields of an object declaration once their expressions are parsed. */
export type Parsed<P extends Props> = Simplify<
  { readonly [K in RequiredKeys<P>]: ParsedOf<P[K]> } & { readonly [K in OptionalKeys<P>]?: ParsedOf<P[K]> }
>;
/** The field names the properties refer to. */
export type RefsIn<P extends Props> = { [K in keyof P]: RefsOf<P[K]> }[keyof P];

const EXPRESSION_SCHEMA: FieldSchema = { type: 'string', description: 'expression' };

const leaf = <T>(schema: FieldSchema): Field<T> => ({ schema, node: { shape: 'leaf' }, optional: false });

/** A string. */
export function text(schema: Omit<FieldSchema, 'type' | 'enum'> = {}): Field<string> {
  return leaf({ type: 'string', ...schema });
}

/** One of a few strings. */
export function oneOf<const V extends readonly string[]>(values: V, schema: Pick<FieldSchema, 'description'> = {}): Field<V[number]> {
  return leaf({ type: 'string', enum: [...values], ...schema });
}

/** A whole number. */
export function integer(schema: Pick<FieldSchema, 'minimum' | 'description'> = {}): Field<number> {
  return leaf({ type: 'integer', ...schema });
}

/** A number. */
export function number(schema: Pick<FieldSchema, 'minimum' | 'description'> = {}): Field<number> {
  return leaf({ type: 'number', ...schema });
}

/** A boolean; "true"/"false" text from variables reads as one. */
export function flag(): Field<boolean> {
  return leaf({ type: 'boolean' });
}

/** A value the schema checks only as far as `schema` says; the kind's `check` does the rest. */
export function anything<T = unknown>(schema: FieldSchema = {}): Field<T> {
  return leaf(schema);
}

/** Expression text, parsed into a tree before `build` (`Parsed` holds an `Expr` there). */
export function expression<const K extends string>(use: AggregateOver<K>, schema?: FieldSchema): Field<string, Expr, K>;
export function expression(use: ExpressionUse<never>, schema?: FieldSchema): Field<string, Expr>;
export function expression(use: ExpressionUse, schema: FieldSchema = EXPRESSION_SCHEMA): Field<string, Expr, string> {
  return { schema, node: { shape: 'expression', use }, optional: false };
}

/**
 * Expression text unless `isText` says the text is something else (`rule: not_null`): parsed, the
 * field holds a tree, or the text as written.
 */
export function expressionOrText(use: ExpressionUse, isText: (text: string) => boolean, schema: FieldSchema = EXPRESSION_SCHEMA): Field<string, Expr | string> {
  return { schema, node: { shape: 'expression', use, unless: isText }, optional: false };
}

/** A list of `items`. */
export function list<F extends AnyField>(
  items: F,
  schema: Pick<FieldSchema, 'minItems' | 'description'> = {},
): Field<readonly WrittenOf<F>[], readonly ParsedOf<F>[], RefsOf<F>> {
  return { schema: { type: 'array', items: items.schema, ...schema }, node: { shape: 'list', items }, optional: false };
}

/** An object with exactly these properties; those not wrapped in `optional` are required. */
export function object<P extends Props>(
  properties: P,
  schema: Pick<FieldSchema, 'description' | 'stringAs'> = {},
): Field<Written<P>, Parsed<P>, RefsIn<P>> {
  return { schema: objectSchema(properties, schema), node: { shape: 'object', properties }, optional: false };
}

/** A mapping of any names to `values`. */
export function mapOf<F extends AnyField>(
  values: F,
  schema: Pick<FieldSchema, 'minProperties' | 'description'> = {},
): Field<Readonly<Record<string, WrittenOf<F>>>, Readonly<Record<string, ParsedOf<F>>>, RefsOf<F>> {
  return { schema: { type: 'object', additionalProperties: values.schema, ...schema }, node: { shape: 'map', values }, optional: false };
}

/** The same field, which an object may leave out. */
export function optional<F extends AnyField>(field: F): F & { readonly optional: true } {
  return { ...field, optional: true };
}

/** The object schema of declared properties: required in declaration order, nothing else allowed. */
export function objectSchema(properties: Props, extra: FieldSchema = {}): FieldSchema {
  const required = Object.keys(properties).filter((k) => !(properties[k] as AnyField).optional);
  return {
    type: 'object',
    ...extra,
    properties: Object.fromEntries(Object.entries(properties).map(([k, f]) => [k, f.schema])),
    ...(required.length === 0 ? {} : { required }),
    additionalProperties: false,
  };
}

/** One expression field of a declaration, by its path (`columns[].expression`, `right[].on[]`). */
export interface ExpressionField {
  readonly path: string;
  readonly use: ExpressionUse;
}

/** One expression written in a document: where (`columns[2].expression`) and its text. */
export interface WrittenExpression {
  readonly label: string;
  readonly text: string;
}

/** An expression field with the expressions a document wrote there, in document order. */
export interface ExpressionSlot extends ExpressionField {
  readonly written: readonly WrittenExpression[];
}

/** The expression fields of a declaration, in declaration order. */
export function expressionFields(properties: Props): readonly ExpressionField[] {
  const out: ExpressionField[] = [];
  const visit = (field: AnyField, path: string): void => {
    const node = field.node;
    switch (node.shape) {
      case 'leaf':
        return;
      case 'expression':
        out.push({ path, use: node.use });
        return;
      case 'list':
        return visit(node.items, `${path}[]`);
      case 'map':
        return visit(node.values, `${path}{}`);
      case 'object':
        for (const [key, f] of Object.entries(node.properties)) visit(f, path === '' ? key : `${path}.${key}`);
    }
  };
  for (const [key, f] of Object.entries(properties)) visit(f, key);
  return out;
}

/**
 * Walks checked `value` along `properties`, calling `onExpression` for each expression written,
 * and returns the value with each expression replaced by what it returns.
 */
function walk(
  properties: Props,
  value: Readonly<Record<string, unknown>>,
  onExpression: (path: string, label: string, text: string) => unknown,
): Record<string, unknown> {
  const visit = (field: AnyField, v: unknown, path: string, label: string): unknown => {
    if (v === undefined) return v;
    const node = field.node;
    switch (node.shape) {
      case 'leaf':
        return v;
      case 'expression':
        return node.unless?.(v as string) === true ? v : onExpression(path, label, v as string);
      case 'list':
        return (v as readonly unknown[]).map((item, i) => visit(node.items, item, `${path}[]`, `${label}[${i}]`));
      case 'map':
        return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, visit(node.values, x, `${path}{}`, `${label}.${k}`)]));
      case 'object':
        return visitObject(node.properties, v as Record<string, unknown>, path, label);
    }
  };
  const visitObject = (props: Props, v: Readonly<Record<string, unknown>>, path: string, label: string): Record<string, unknown> => {
    const out: Record<string, unknown> = { ...v };
    for (const [key, f] of Object.entries(props)) {
      if (v[key] !== undefined) out[key] = visit(f, v[key], path === '' ? key : `${path}.${key}`, label === '' ? key : `${label}.${key}`);
    }
    return out;
  };
  return visitObject(properties, value, '', '');
}

/** The expression fields of a declaration with what `fields` (checked) wrote in each. */
export function expressionSlots(properties: Props, fields: Readonly<Record<string, unknown>>): readonly ExpressionSlot[] {
  const written = new Map<string, WrittenExpression[]>();
  walk(properties, fields, (path, label, text) => {
    let list = written.get(path);
    if (list === undefined) written.set(path, (list = []));
    list.push({ label, text });
  });
  return expressionFields(properties).map((f) => ({ ...f, written: written.get(f.path) ?? [] }));
}

/** `fields` with each expression replaced by its tree; `trees` holds them per path, in document order. */
export function withTrees(
  properties: Props,
  fields: Readonly<Record<string, unknown>>,
  trees: ReadonlyMap<string, readonly Expr[]>,
): Record<string, unknown> {
  const next = new Map<string, number>();
  return walk(properties, fields, (path) => {
    const i = next.get(path) ?? 0;
    next.set(path, i + 1);
    const tree = trees.get(path)?.[i];
    if (tree === undefined) throw new Error(`expression field "${path}" has no tree for entry ${i}`);
    return tree;
  });
}
