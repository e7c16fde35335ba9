/**
 * The bound tree as a seam: the binder writes a type into every node, and the compilers accept
 * nothing else. The `@ts-expect-error` lines are checked by `nx typecheck engine` (which compiles
 * spec files): if an unbound tree or an unknown function name ever type-checks, that fails.
 */
import { parseExpression, walkExpression, type FunctionName } from '@pipeline/definition';
import { compileRowExpression } from '@pipeline/engine-danfo';
import { compileDuckDbExpression } from '@pipeline/engine-duckdb';
import { bindExpression, type Column, type BoundCall, type BoundExpr } from '@pipeline/engine-core';

const COLUMNS: Column[] = [
  { name: 'Salary', type: 'double' },
  { name: 'hired', type: 'date' },
  { name: 'name', type: 'string' },
];

function bind(text: string): BoundExpr {
  return bindExpression(parseExpression(text), { asset: 'a', field: 'columns', from: 'raw', columns: COLUMNS, context: 'row' });
}

/** Every node of a bound tree, parents first. */
function nodes(e: BoundExpr): BoundExpr[] {
  const out: BoundExpr[] = [e];
  const visit = (children: readonly (BoundExpr | undefined)[]): void => {
    for (const c of children) if (c !== undefined) out.push(...nodes(c));
  };
  switch (e.kind) {
    case 'unary':
    case 'is_null':
    case 'cast':
      visit([e.operand]);
      break;
    case 'binary':
      visit([e.left, e.right]);
      break;
    case 'in':
      visit([e.operand, ...e.list]);
      break;
    case 'between':
      visit([e.operand, e.low, e.high]);
      break;
    case 'like':
      visit([e.operand, e.pattern]);
      break;
    case 'case':
      visit([...e.whens.flatMap((w) => [w.when, w.then]), e.else]);
      break;
    case 'call':
      visit(e.args);
      break;
    case 'alias':
      visit([e.expr]);
      break;
    default:
      break;
  }
  return out;
}

describe('bound expression tree', () => {
  it('writes the portable type into every node, resolving columns and reading compared text as its counterpart', () => {
    const text = "CASE WHEN raw.salary > '1000' AND hired >= '2020-01-01' THEN upper(name) ELSE coalesce(name, 'x') END AS label";
    const bound = bind(text);
    let parsedNodes = 0;
    walkExpression(parseExpression(text), () => {
      parsedNodes++;
    });
    const all = nodes(bound);
    expect(all).toHaveLength(parsedNodes);
    for (const n of all) expect(typeof n.type).toBe('string');
    expect(bound).toMatchObject({ kind: 'alias', alias: 'label', type: 'string' });
    const types = all.map((n) => `${n.kind}:${n.type}`);
    expect(types).toEqual([
      'alias:string',
      'case:string',
      'binary:boolean',
      'binary:boolean',
      'column:double',
      'number:integer',
      'binary:boolean',
      'column:date',
      'typed_literal:date',
      'call:string',
      'column:string',
      'call:string',
      'column:string',
      'string:string',
    ]);
    // `raw.salary` is the real column `Salary`, unqualified.
    expect(all.find((n) => n.kind === 'column')).toEqual({ kind: 'column', name: 'Salary', type: 'double', span: { start: 10, end: 20 } });
  });

  it('gives a CAST its result type and a call its catalogue name', () => {
    expect(bind('CAST(Salary AS decimal(12,2))')).toMatchObject({ kind: 'cast', type: 'decimal(12,2)', operand: { type: 'double' } });
    const call = bind('ROUND(Salary, 1)') as BoundCall;
    const name: FunctionName = call.name;
    expect(name).toBe('round');
  });

  it('is the only input the compilers accept (checked by typecheck)', () => {
    const parsed = parseExpression('Salary + 1');
    const context = { asset: 'a', field: 'columns', columnIndex: () => 0, nowMicros: 0 };
    const unboundUses = [
      // @ts-expect-error a parsed tree has no types: it must be bound before DuckDB compiles it
      () => compileDuckDbExpression(parsed),
      // @ts-expect-error nor can the JavaScript backend compile it
      () => compileRowExpression(parsed, context),
    ];
    expect(unboundUses).toHaveLength(2);
    const bound = bind('Salary + 1');
    expect(compileDuckDbExpression(bound)).toBe('("Salary" + 1)');
    expect(compileRowExpression(bound, context)([[2.5]], 0)).toBe(3.5);
  });

  it('names only catalogue functions (checked by typecheck)', () => {
    const call: BoundCall = { kind: 'call', name: 'upper', args: [], distinct: false, type: 'string', span: { start: 0, end: 7 } };
    // @ts-expect-error "uppercase" is not in the function catalogue
    const unknown: BoundCall = { ...call, name: 'uppercase' };
    expect(unknown.name).toBe('uppercase');
  });
});
