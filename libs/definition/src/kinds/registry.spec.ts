import { checkFields } from './check-fields';
import { defaultLabel } from './kind-definition';
import { findKind, isSourceKind, KIND_NAMES, KINDS, kindOf, sourceUpstream } from './registry';

describe('the kind registry', () => {
  it('lists the kinds in registry order', () => {
    // Readers first, writers last, transformations in between in the spec's section order.
    expect(KIND_NAMES.slice(0, 4)).toEqual(['input', 'where', 'select', 'group_by']);
    expect(KIND_NAMES[KIND_NAMES.length - 1]).toBe('output');
    expect(KIND_NAMES).toEqual(expect.arrayContaining(['order_by', 'distinct', 'limit', 'offset', 'tail']));
  });

  it('gives each kind its explain label and role', () => {
    expect(KIND_NAMES.map((kind) => [kind, kindOf(kind).label, kindOf(kind).role])).toEqual(
      KIND_NAMES.map((kind) => [kind, defaultLabel(kind), kind === 'input' || kind === 'output' ? kind : 'transformation']),
    );
    expect(kindOf('group_by').label).toBe('GROUP BY');
    expect(kindOf('order_by').label).toBe('ORDER BY');
    for (const kind of KIND_NAMES) expect(kindOf(kind).label).toBe(defaultLabel(kind));
    expect(defaultLabel('order_by')).toBe('ORDER BY');
    expect(defaultLabel('add_columns')).toBe('ADD COLUMNS');
  });

  it('keeps each entry self-consistent', () => {
    for (const kind of KIND_NAMES) {
      const entry = kindOf(kind);
      expect(entry.kind).toBe(kind);
      expect(entry.schema.type).toBe('object');
      expect(entry.schema.additionalProperties).toBe(false);
      const properties = Object.keys(entry.schema.properties ?? {});
      for (const required of entry.schema.required ?? []) expect(properties).toContain(required);
      for (const expression of entry.expressions) {
        expect(properties).toContain(expression.path.split(/[.[{]/)[0]);
        const keys = expression.use.role === 'aggregate' ? expression.use.groupKeys : undefined;
        if (keys !== undefined && 'namesIn' in keys) expect(properties).toContain(keys.namesIn);
        if (keys !== undefined && 'expressionsOf' in keys) {
          // Grouping keys by expression are parsed before the aggregates that use them.
          const earlier = entry.expressions.findIndex((e) => e.path.split(/[.[{]/)[0] === keys.expressionsOf);
          expect(earlier).toBeGreaterThanOrEqual(0);
          expect(earlier).toBeLessThan(entry.expressions.indexOf(expression));
        }
      }
      if (entry.file !== undefined) {
        expect(properties).toEqual(expect.arrayContaining(['format', 'path', 'options', ...(entry.file.mode ? ['mode'] : [])]));
      }
      // Every kind but input reads other assets (`from`, or `sources` / `left` and `right` / scd2's `current` / merge's `target`).
      const reads = ['from', 'sources', 'left', 'current', 'target'].some((field) => field in (entry.schema.properties ?? {}));
      expect(entry.role === 'input').toBe(!reads);
      expect(entry.description).toMatch(/\.$/);
    }
  });

  it('declares the expression roles of the contract', () => {
    expect(KINDS.where.expressions).toEqual([{ path: 'filter', use: { role: 'predicate' } }]);
    expect(KINDS.select.expressions).toEqual([{ path: 'columns[]', use: { role: 'value', entry: 'projection' } }]);
    expect(KINDS.group_by.expressions).toEqual([
      { path: 'by[]', use: { role: 'column' } },
      { path: 'agg[]', use: { role: 'aggregate', groupKeys: { expressionsOf: 'by' } } },
    ]);
    expect(KINDS.merge.expressions.map((e) => e.path)).toEqual([
      'on[]',
      'whenMatched[].condition',
      'whenMatched[].set{}',
      'whenNotMatched[].condition',
      'whenNotMatched[].set{}',
      'whenNotMatchedBySource[].condition',
      'whenNotMatchedBySource[].set{}',
    ]);
  });

  it('finds kinds by name without reaching object prototypes', () => {
    expect(findKind('where')).toBe(KINDS.where);
    expect(findKind('joinn')).toBeUndefined();
    expect(findKind('constructor')).toBeUndefined();
    expect(findKind('__proto__')).toBeUndefined();
    expect(isSourceKind('toString')).toBe(false);
  });

  it('lists upstream assets of built sources', () => {
    const filter = { kind: 'column', name: 'x', span: { start: 0, end: 1 } } as const;
    expect(sourceUpstream({ kind: 'input', format: 'csv', path: 'a', options: {} })).toEqual([]);
    expect(sourceUpstream({ kind: 'where', from: 'raw', filter })).toEqual(['raw']);
    expect(sourceUpstream({ kind: 'output', from: 'f', format: 'csv', path: 'o', mode: 'error', options: {} })).toEqual(['f']);
  });

  it('compiles every schema', () => {
    for (const kind of KIND_NAMES) expect(checkFields(kindOf(kind), new Map()).ok).toBe(false);
  });
});
