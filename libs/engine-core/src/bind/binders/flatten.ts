/**
 * Binds a flatten (spec 8.18): every struct column, recursively, becomes one column per leaf
 * field named by the path joined with the separator; with explodeArrays, every array reached
 * (a column or a struct field) is exploded once, one row per element, and a struct element
 * flattened in turn. Each output column is a path from an input column through fields and
 * exploded elements.
 */
import { nestedParts, type DataType } from '../../types/data-type';
import { uniqueColumns, type Binder } from './binder-kit';

/** One step of a path into a value: a struct field, or the current element of exploded array `array`. */
export type FlattenStep = { readonly field: string } | { readonly element: number };

/** An output column: where its value is found. */
export interface FlattenColumn {
  readonly name: string;
  readonly type: DataType;
  readonly column: string;
  readonly steps: readonly FlattenStep[];
}

/** An exploded array: where it is found (a path that may go through arrays exploded before it). */
export interface FlattenArray {
  readonly column: string;
  readonly steps: readonly FlattenStep[];
}

export interface BoundFlatten {
  readonly kind: 'flatten';
  readonly outputs: readonly FlattenColumn[];
  /** The arrays exploded, in the order their rows multiply (column order, then field order). */
  readonly arrays: readonly FlattenArray[];
}

export const bindFlatten: Binder<'flatten', BoundFlatten> = (ref, source, upstream) => {
  const outputs: FlattenColumn[] = [];
  const arrays: FlattenArray[] = [];
  const visit = (name: string, type: DataType, column: string, steps: readonly FlattenStep[]): void => {
    const parts = nestedParts(type);
    if (parts?.kind === 'struct') {
      for (const f of parts.fields) visit(`${name}${source.separator}${f.name}`, f.type, column, [...steps, { field: f.name }]);
      return;
    }
    if (parts?.kind === 'array' && source.explodeArrays) {
      arrays.push({ column, steps });
      const element = { element: arrays.length - 1 };
      const inner = nestedParts(parts.element);
      // A struct element is flattened; any other element (an array too) is one column.
      if (inner?.kind === 'struct') {
        for (const f of inner.fields) visit(`${name}${source.separator}${f.name}`, f.type, column, [...steps, element, { field: f.name }]);
      } else {
        outputs.push({ name, type: parts.element, column, steps: [...steps, element] });
      }
      return;
    }
    outputs.push({ name, type, column, steps });
  };
  for (const c of upstream[0].columns) visit(c.name, c.type, c.name, []);
  return { transform: { kind: 'flatten', outputs, arrays }, columns: uniqueColumns(ref, outputs) };
};
