/**
 * What a source kind is: one self-contained entry per kind (`input`, `where`, ...). Validation,
 * planning and explain read everything kind-specific from these entries, so adding a kind means
 * writing one entry file and listing it in the registry.
 */
import type { Source, SourceKind } from '../definition';
import type { Expr, ExpressionRole } from '../expr';

/** Where a kind stands in a pipeline: reads files, transforms upstream data, or writes files. */
export type KindRole = 'input' | 'transformation' | 'output';

/** A field of a kind that holds expression text (one string, or a list of strings). */
export interface ExpressionField {
  readonly field: string;
  /** What the expression must compute (checked by the expression module's role checker). */
  readonly role: ExpressionRole;
  readonly list: boolean;
  /**
   * For aggregates: an earlier expression field whose output names are the grouping keys, so a
   * bare column outside every aggregate must be one of them (`group_by.agg` names `by`).
   */
  readonly groupKeysFrom?: string;
  /**
   * For aggregates: a field holding the grouping keys as column names, or lists of them
   * (`rollup.by`, `groupingSets.sets`); a bare column outside every aggregate must be one of them.
   */
  readonly groupKeysFromNames?: string;
  /**
   * For a list of objects (`addColumns.columns`): the property of each object that holds the
   * expression text (`expression`); the parsed list, keyed `<field>.<item>`, holds one tree per
   * object. A field may be listed once per item (`branches.condition`, `branches.value`).
   */
  readonly item?: string;
  /** With `item`: objects without the property are skipped (`schemaEnforce.columns[i].default`). */
  readonly optionalItem?: boolean;
  /** With `item`: objects whose property is not an expression (`rule: not_null`) are skipped. */
  readonly skipItem?: (value: unknown) => boolean;
  /** With `item`: each object holds a list of expressions there (`on: [...]`), parsed into one flat list. */
  readonly itemList?: boolean;
  /** A window step's functions: their aggregate and window calls take the step's window. */
  readonly windowStep?: boolean;
  /** With `item`: each object holds a mapping of names to expressions there (`set: {col: expr}`), parsed into one flat list in mapping order. */
  readonly itemMap?: boolean;
  /** With `item`: objects may leave it out (`condition`); the list holds trees only for those that have it. */
  readonly itemOptional?: boolean;
  /** Every column must be qualified by its asset's name (join conditions). */
  readonly qualifiedColumns?: boolean;
  /** A whole entry may be `*` or `asset.*`: every column, or every column that came from that asset (select). */
  readonly starAllowed?: boolean;
  /**
   * Where a whole entry may be a generator (explode, posexplode, json_tuple): `one` per list
   * (select: the rows multiply once), or in `each` entry (addColumns: each step multiplies the
   * rows the ones before it left). Either way not beside a window expression of the same list.
   */
  readonly generators?: 'one' | 'each';
}

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
 * Expression fields of a source, parsed: one tree per single field, a list per list field (keyed
 * `<field>.<item>` for expressions inside a list of objects); an absent optional field has none.
 */
export type ParsedExpressions = Readonly<Record<string, Expr | readonly Expr[]>>;

/** Marks a kind that reads or writes a file through `format`, `path`, `options` (and `mode`). */
export interface FileFields {
  /** True for kinds with a write `mode` (outputs). */
  readonly mode: boolean;
}

/** The catalogue entry of one source kind; `F` is its fields once they passed `schema`. */
export interface KindDefinition<K extends SourceKind = SourceKind, F = unknown> {
  readonly kind: K;
  /**
   * The Teckel specification's operation key when it differs from the canonical snake_case name
   * (`group` for `group_by`, `orderBy` for `order_by`); documents may use either spelling.
   */
  readonly specKey?: string;
  readonly role: KindRole;
  /** One-sentence description, for documentation. */
  readonly description: string;
  /** Label in the explain text (`WHERE`, `GROUP BY`). */
  readonly label: string;
  /** JSON Schema of the kind's fields (an object schema). */
  readonly schema: FieldSchema;
  readonly expressions: readonly ExpressionField[];
  readonly file?: FileFields;
  /**
   * Rules between fields that a schema cannot say (`allowMissingColumns` needs `byName`): the
   * first one broken, as `{ field, detail }` (worded as V-006), or undefined.
   */
  check?(fields: F): { readonly field: string; readonly detail: string } | undefined;
  /** Assets a built source reads, in the order it names them (a join would list several). */
  upstream(source: Extract<Source, { kind: K }>): readonly string[];
  /**
   * Builds the typed source. `fields` passed the schema; for file kinds `options` is normalized and
   * `mode` defaulted; `expressions` holds every expression field parsed.
   */
  build(fields: F, expressions: ParsedExpressions): Extract<Source, { kind: K }>;
}

/** A catalogue entry of any kind (a union over the kinds, since entries differ in their field types). */
export type AnyKindDefinition = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has its own field type
  readonly [K in SourceKind]: KindDefinition<K, any>;
}[SourceKind];

/** The explain label of a kind name: upper-cased, `_` turned into a space (`order_by` -> `ORDER BY`). */
export function defaultLabel(kind: string): string {
  return kind.toUpperCase().replace(/_/g, ' ');
}

/** The parsed tree of a single-expression field; throws if the field was not parsed as one. */
export function expressionAt(expressions: ParsedExpressions, field: string): Expr {
  const value = expressions[field];
  if (value === undefined || Array.isArray(value)) {
    throw new Error(`expression field "${field}" was not parsed as a single expression`);
  }
  return value as Expr;
}

/** The parsed trees of a list-of-expressions field; throws if the field was not parsed as a list. */
export function expressionListAt(expressions: ParsedExpressions, field: string): readonly Expr[] {
  const value = expressions[field];
  if (!Array.isArray(value)) throw new Error(`expression field "${field}" was not parsed as a list`);
  return value as readonly Expr[];
}
