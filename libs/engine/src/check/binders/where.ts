import type { Expr } from '@pipeline/definition';
import { typeError } from '../../errors';
import { bindExpression } from '../bind-expression';
import type { Binder } from './binder-kit';

export interface BoundWhere {
  readonly kind: 'where';
  readonly filter: Expr;
}

export const bindWhere: Binder<'where', BoundWhere> = (ref, source, upstream, types) => {
  const columns = upstream[0].columns;
  const bound = bindExpression(source.filter, { asset: ref, from: source.from, columns, field: 'filter', context: 'row' }, types);
  if (bound.type !== 'boolean' && bound.type !== 'null') {
    throw typeError(ref, 'filter', `a filter must be a true/false condition, got ${bound.type}`);
  }
  return { transform: { kind: 'where', filter: bound.expr }, columns };
};
