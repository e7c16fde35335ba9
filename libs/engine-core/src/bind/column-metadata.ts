/**
 * Spec 18.4: a column described by an input entry's `columns:` metadata MUST be a column of the
 * dataset (E-META-004). The names are known at validation, the dataset's columns only when the
 * input is read, so every backend checks here, right after reading them.
 */
import type { InputSource } from '@pipeline/definition';
import { engineError } from '../errors';
import type { Column } from './bind-expression';

/** Fails naming the first described column the dataset lacks (exact name, else the one case-insensitive match). */
export function checkColumnMetadata(ref: string, source: InputSource, columns: readonly Column[]): void {
  const described = source.metadataColumns ?? [];
  const names = columns.map((c) => c.name);
  const lower = names.map((n) => n.toLowerCase());
  described.forEach((name, i) => {
    if (names.includes(name) || lower.filter((n) => n === name.toLowerCase()).length === 1) return;
    throw engineError('E_COLUMN_NOT_FOUND', {
      asset: ref,
      field: `columns[${i}].name`,
      column: name,
      columns: names,
      specCode: 'E-META-004',
      problem: `the column metadata describes column "${name}", which the dataset of ${source.path} does not have (columns: ${names.join(', ')})`,
    });
  });
}
