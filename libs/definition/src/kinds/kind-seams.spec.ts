/**
 * A kind is declared once, and the compiler holds the pieces together. Each `@ts-expect-error`
 * below is checked by `nx typecheck definition` (tsconfig.spec.json): if a line stopped being a
 * type error, the unused directive would fail the type check. The runtime assertions check the
 * real catalogue.
 */
import type { Expr } from '@pipeline/expression';
import { expression, list, object, objectSchema, optional } from './fields';
import { defineKind, type KindDefinition } from './kind-definition';
import type { GroupingSetsSource } from './grouping-sets';
import { type Catalogue, KINDS, KIND_NAMES, kindOf } from './registry';
import type { WhereSource } from './where';
import { ASSET_REF, COLUMN, expressionList } from './schema-parts';

describe('a kind without its field declaration', () => {
  it('does not compile', () => {
    // Nor does it run: there is no schema to check its fields with.
    expect(() =>
      // @ts-expect-error fields is required: the schema, the types of check and build and the expression fields come from it
      defineKind({ kind: 'where', role: 'transformation', description: 'Keeps rows.', label: 'WHERE', upstream: () => [], build: () => KINDS.where.build({ from: 'a', filter: TREE }, { from: 'a', filter: 'x' }) }),
    ).toThrow(TypeError);
    const { fields: _dropped, ...withoutFields } = KINDS.where;
    // @ts-expect-error an entry without its field declaration is no catalogue entry either
    const entry: KindDefinition<'where', typeof KINDS.where.fields> = withoutFields;
    expect(entry.kind).toBe('where');
  });
});

const TREE: Expr = { kind: 'column', name: 'x', span: { start: 0, end: 1 } };

describe('expression fields are typed properties', () => {
  const fields = { from: ASSET_REF, filter: expression({ role: 'predicate' }) };

  it('a misspelt expression field does not compile', () => {
    const where = defineKind({
      kind: 'where',
      role: 'transformation',
      description: 'Keeps rows.',
      label: 'WHERE',
      fields,
      // @ts-expect-error `filtr` is no field of this kind (it was a run-time throw with string keys)
      build: (f): WhereSource => ({ kind: 'where', from: f.from, filter: f.filtr }),
      upstream: (source) => [source.from],
    });
    expect(where.expressions).toEqual([{ path: 'filter', use: { role: 'predicate' } }]);
  });

  it('the text where a tree belongs does not compile', () => {
    const where = defineKind({
      kind: 'where',
      role: 'transformation',
      description: 'Keeps rows.',
      label: 'WHERE',
      fields,
      // @ts-expect-error `written` holds the text; the source holds the parsed tree
      build: (_f, written): WhereSource => ({ kind: 'where', from: written.from, filter: written.filter }),
      upstream: (source) => [source.from],
    });
    expect(where.schema).toEqual(objectSchema(fields));
  });

  it('grouping keys must name a field of the kind', () => {
    const declared = {
      from: ASSET_REF,
      by: list(COLUMN, { minItems: 1 }),
      agg: expressionList({ role: 'aggregate', groupKeys: { namesIn: 'bye' } }),
    };
    const rollup = defineKind({
      kind: 'rollup',
      role: 'transformation',
      description: 'Subtotals.',
      label: 'ROLLUP',
      // @ts-expect-error "bye" is no field of this kind
      fields: declared,
      build: (f): GroupingSetsSource<'rollup'> => ({ kind: 'rollup', from: f.from, keys: [...f.by], sets: [], agg: f.agg }),
      upstream: () => [],
    });
    expect(rollup.expressions).toEqual([{ path: 'agg[]', use: { role: 'aggregate', groupKeys: { namesIn: 'bye' } } }]);
  });

  it('a refinement belongs to its role', () => {
    // @ts-expect-error `entry` refines the value role only
    const wrong = expression({ role: 'predicate', entry: 'projection' });
    expect(wrong.node).toEqual({ shape: 'expression', use: { role: 'predicate', entry: 'projection' } });
  });

  it('optional fields are optional in both types', () => {
    const declared = object({ name: COLUMN, default: optional(expression({ role: 'value' })) });
    type Parsed = NonNullable<NonNullable<(typeof declared)['~types']>['parsed']>;
    const parsed: Parsed = { name: 'a' };
    // @ts-expect-error `default` holds a tree once parsed
    const text: Parsed = { name: 'a', default: 'x + 1' };
    expect([parsed, text].map((p) => p.name)).toEqual(['a', 'a']);
    expect(declared.schema.required).toEqual(['name']);
  });
});

describe('the catalogue', () => {
  it('files each entry under its own kind name, or does not compile', () => {
    // @ts-expect-error the where entry filed under select
    type Misfiled = Catalogue<{ readonly where: typeof KINDS.where; readonly select: typeof KINDS.where }>;
    const misfiled: Misfiled = { where: KINDS.where, select: KINDS.where };
    expect(misfiled.select.kind).toBe('where');
  });

  it('derives each schema and expression list from the declaration', () => {
    for (const kind of KIND_NAMES) {
      const entry = kindOf(kind);
      expect(entry.schema).toEqual(objectSchema(entry.fields));
    }
  });

  it('lists every expression field by path, in the order they are checked', () => {
    const paths = KIND_NAMES.flatMap((kind) => kindOf(kind).expressions.map((e) => `${kind}.${e.path}:${e.use.role}`));
    expect(paths).toEqual([
      'where.filter:predicate',
      'select.columns[]:value',
      'group_by.by[]:column',
      'group_by.agg[]:aggregate',
      'join.right[].on[]:predicate',
      'add_columns.columns[].expression:value',
      'conditional.branches[].condition:predicate',
      'conditional.branches[].value:value',
      'conditional.otherwise:value',
      'split.condition:predicate',
      'window.functions[].expression:value',
      'rollup.agg[]:aggregate',
      'cube.agg[]:aggregate',
      'grouping_sets.agg[]:aggregate',
      'pivot.agg[]:aggregate',
      'schema_enforce.columns[].default:value',
      'assertion.checks[].rule:predicate',
      'merge.on[]:predicate',
      'merge.whenMatched[].condition:predicate',
      'merge.whenMatched[].set{}:value',
      'merge.whenNotMatched[].condition:predicate',
      'merge.whenNotMatched[].set{}:value',
      'merge.whenNotMatchedBySource[].condition:predicate',
      'merge.whenNotMatchedBySource[].set{}:value',
      'as_of_join.on[]:predicate',
      'as_of_join.tolerance:value',
      'lateral_join.on[]:predicate',
    ]);
  });
});
