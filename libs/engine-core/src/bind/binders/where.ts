import { typeError } from '../../errors';
import { bindExpression } from '../bind-expression';
import type { BoundExpr } from '../bound-expr';
import type { Binder } from './binder-kit';

export interface BoundWhere {
  readonly kind: 'where';
  readonly filter: BoundExpr;
}

export const bindWhere: Binder<'where', BoundWhere> = (ref, source, upstream) => {
  const columns = upstream[0].columns;
  const bound = bindExpression(source.filter, { asset: ref, from: source.from, columns, field: 'filter', context: 'row' });
  if (bound.type !== 'boolean' && bound.type !== 'null') {
    throw typeError(ref, 'filter', `a filter must be a true/false condition, got ${bound.type}`);
  }
  return { transform: { kind: 'where', filter: bound }, columns };
};
