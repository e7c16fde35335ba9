import type { Expr } from '@pipeline/definition';
import { engineError } from '../../errors';
import type { RowChecks } from '../../quality/row-checks';
import type { Column } from '../bind-expression';
import { castTarget } from '../bind-expression';
import type { Binder, BoundItem } from './binder-kit';
import { isNull } from './built-expr';
import { boundItem, columnRef } from './projection';

export interface BoundSchemaEnforce {
  readonly kind: 'schema_enforce';
  readonly items: readonly BoundItem[];
  /** The declared columns that must hold no NULL, checked over the output. */
  readonly verify?: RowChecks;
}

const AT = { start: 0, end: 0 };

/** The upstream column a declared name means: the exact name, else the one equal ignoring case. */
function findColumn(columns: readonly Column[], name: string): Column | undefined {
  const exact = columns.find((c) => c.name === name);
  if (exact !== undefined) return exact;
  const matches = columns.filter((c) => c.name.toLowerCase() === name.toLowerCase());
  return matches.length === 1 ? matches[0] : undefined;
}

const quoted = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

// strict: the declared columns, in declared order; evolve: the upstream columns in their order, then
// the missing declared ones. A declared column of another type is converted with TRY_CAST (NULL
// when a value does not convert); a missing one is its default (or NULL), converted the same way.
export const bindSchemaEnforce: Binder<'schema_enforce', BoundSchemaEnforce> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const declared = source.columns.map((c, i) => ({ c, i, found: findColumn(columns, c.name) }));
  if (source.mode === 'strict') {
    const missing = declared.filter((d) => d.found === undefined).map((d) => d.c.name);
    if (missing.length > 0) {
      throw engineError('E_SCHEMA_MISMATCH', {
        asset: ref,
        field: 'columns',
        columns: missing,
        specCode: 'E-SCHEMA-004',
        problem: `mode strict: declared ${missing.length === 1 ? 'column' : 'columns'} ${quoted(missing)} missing from "${source.from}"`,
      });
    }
    const taken = new Set(declared.map((d) => d.found?.name));
    const extra = columns.filter((c) => !taken.has(c.name)).map((c) => c.name);
    if (extra.length > 0) {
      throw engineError('E_SCHEMA_MISMATCH', {
        asset: ref,
        field: 'columns',
        columns: extra,
        specCode: 'E-SCHEMA-003',
        problem: `mode strict: ${extra.length === 1 ? 'column' : 'columns'} ${quoted(extra)} of "${source.from}" not declared`,
      });
    }
  }
  const itemOf = (d: (typeof declared)[number]): BoundItem => {
    const target = castTarget(d.c.type);
    const field = `columns[${d.i}]`;
    if (d.found !== undefined && d.found.type === target) {
      return boundItem(ref, source.from, field, columns, columnRef(d.found), d.c.name);
    }
    const operand: Expr = d.found !== undefined ? columnRef(d.found) : (d.c.default ?? { kind: 'null', span: AT });
    const expr: Expr = { kind: 'cast', operand, type: d.c.type, safe: true, span: AT };
    return boundItem(ref, source.from, d.found === undefined && d.c.default !== undefined ? `${field}.default` : field, columns, expr, d.c.name);
  };
  let items: BoundItem[];
  if (source.mode === 'strict') {
    items = declared.map(itemOf);
  } else {
    const byUpstream = new Map(declared.filter((d) => d.found !== undefined).map((d) => [d.found?.name, d]));
    items = columns.map((c) => {
      const d = byUpstream.get(c.name);
      return d === undefined ? boundItem(ref, source.from, 'columns', columns, columnRef(c), c.name) : itemOf(d);
    });
    for (const d of declared) if (d.found === undefined) items.push(itemOf(d));
  }
  const required = declared.filter((d) => !d.c.nullable);
  const verify: RowChecks | undefined =
    required.length === 0
      ? undefined
      : {
          kind: 'schemaEnforce',
          from: ref,
          code: 'E_QUALITY',
          onFailure: 'fail',
          over: 'output',
          checks: required.map((d) => ({
            label: `nullable(${d.c.name})`,
            field: `columns[${d.i}].nullable`,
            column: d.c.name,
            condition: isNull({ kind: 'column', name: d.c.name, span: AT }, true),
          })),
        };
  return {
    transform: { kind: 'schema_enforce', items, ...(verify === undefined ? {} : { verify }) },
    columns: items.map((i) => ({ name: i.name, type: i.type })),
  };
};
