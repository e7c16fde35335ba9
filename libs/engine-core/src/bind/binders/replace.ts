import { resolveColumn, type Binder } from './binder-kit';
import { binary, caseWhen, column, literal } from './built-expr';
import { boundItem, passThrough, type BoundProjection } from './projection';
import { sameKind } from './value-kind';

export type BoundReplace = BoundProjection<'replace'>;

// Each replaced column is CASE WHEN column = old THEN new ... ELSE column END (NULL stays NULL).
export const bindReplace: Binder<'replace', BoundReplace> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const named = source.columns?.map((name, i) => resolveColumn(ref, `columns[${i}]`, columns, name).name);
  const items = columns.map((c) => {
    const applies =
      named === undefined
        ? // Without columns, a mapping applies to the columns its old value fits (text in text, ...).
          source.mappings.filter((m) => sameKind(c.type, m.old))
        : named.includes(c.name)
          ? source.mappings
          : [];
    if (applies.length === 0) return passThrough(ref, source.from, columns, c);
    const tree = caseWhen(
      applies.map((m) => ({ when: binary('=', column(c.name), literal(m.old)), then: literal(m.new) })),
      column(c.name),
    );
    return boundItem(ref, source.from, 'mappings', columns, tree, c.name);
  });
  return { transform: { kind: 'replace', items }, columns: items.map((i) => ({ name: i.name, type: i.type })) };
};
