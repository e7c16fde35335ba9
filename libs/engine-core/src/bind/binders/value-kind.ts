import type { Primitive } from '@pipeline/definition';
import { isNumeric, type DataType } from '../../types/data-type';

/** True when a document value can stand in a column of `type` without a conversion (text in text, ...). */
export function sameKind(type: DataType, value: Primitive): boolean {
  if (typeof value === 'string') return type === 'string';
  if (typeof value === 'boolean') return type === 'boolean';
  return isNumeric(type);
}
