/**
 * What a source kind is: one self-contained entry per kind (`input`, `where`, ...). Validation,
 * planning and explain read everything kind-specific from these entries, so adding a kind means
 * writing one entry file and listing it in the registry.
 */
import type { SourceKind, SourceOfKind } from '../definition';
import { type ExpressionField, expressionFields, type FieldSchema, objectSchema, type Parsed, type Props, type RefsIn, type Written } from './fields';

/** Where a kind stands in a pipeline: reads files, transforms upstream data, or writes files. */
export type KindRole = 'input' | 'transformation' | 'output';

/** Marks a kind that reads or writes a file through `format`, `path`, `options` (and `mode`). */
export interface FileFields {
  /** True for kinds with a write `mode` (outputs). */
  readonly mode: boolean;
}

/**
 * The catalogue entry of one source kind. `P` declares its fields once (see `./fields`): the JSON
 * Schema, the types `check` and `build` receive and the expression fields all come from it.
 */
export interface KindDefinition<K extends string = string, P extends Props = Props, S extends { readonly kind: K } = { readonly kind: K }> {
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
  /** The kind's fields, declared once. */
  readonly fields: P;
  /** JSON Schema of the fields (an object schema), made from `fields`. */
  readonly schema: FieldSchema;
  /** The expression fields of `fields`, in declaration order (the order they are checked in). */
  readonly expressions: readonly ExpressionField[];
  readonly file?: FileFields;
  /**
   * Rules between fields that a schema cannot say (`allowMissingColumns` needs `byName`): the
   * first one broken, as `{ field, detail }` (worded as V-006) with the spec's error code when it
   * names one, or undefined.
   */
  check?(fields: Written<P>): { readonly field: string; readonly detail: string; readonly specCode?: string } | undefined;
  /** Assets a built source reads, in the order it names them (a join would list several). */
  upstream(source: S): readonly string[];
  /**
   * Builds the typed source from the fields with every expression parsed (a tree where the text
   * was); `written` holds the text. For file kinds `options` is normalized and `mode` defaulted.
   */
  build(fields: Parsed<P>, written: Written<P>): S;
}

/** An aggregate's grouping keys must name a field of its own kind. */
type KnownRefs<P extends Props> = [RefsIn<P>] extends [keyof P] ? unknown : { readonly '~unknown field named by groupKeys': Exclude<RefsIn<P>, keyof P> };

/** A kind's entry as written: everything but what `defineKind` derives from `fields`. */
export type KindSpec<K extends string, P extends Props, S extends { readonly kind: K }> = Omit<KindDefinition<K, P, S>, 'schema' | 'expressions' | 'fields'> & {
  readonly fields: P & KnownRefs<P>;
};

/**
 * Makes a kind's entry: its schema and expression fields come from its field declarations. Write
 * `build` (its return type annotated with the kind's source type) before `upstream`: TypeScript
 * infers the source type from the first of them it reads.
 */
export function defineKind<K extends string, P extends Props, S extends { readonly kind: K }>(spec: KindSpec<K, P, S>): KindDefinition<K, P, S> {
  const fields = spec.fields as P;
  return { ...spec, fields, schema: objectSchema(fields), expressions: expressionFields(fields) };
}

/** A catalogue entry of any kind (a union over the kinds, since entries differ in their field types). */
export type AnyKindDefinition = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has its own field type
  readonly [K in SourceKind]: KindDefinition<K, any, SourceOfKind<K>>;
}[SourceKind];

/** The explain label of a kind name: upper-cased, `_` turned into a space (`order_by` -> `ORDER BY`). */
export function defaultLabel(kind: string): string {
  return kind.toUpperCase().replace(/_/g, ' ');
}

export type { ExpressionField, FieldSchema } from './fields';
