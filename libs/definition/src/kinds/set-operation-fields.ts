/** What union, intersect and except share: their flags, defaults and the rule between them. */
import type { SetOperationOptions } from '../definition';
import type { FieldSchema } from './kind-definition';
import { FLAG_FIELD } from './schema-parts';

/** The flags as written (each optional). */
export interface SetOperationFlags {
  readonly all?: boolean;
  readonly byName?: boolean;
  readonly allowMissingColumns?: boolean;
}

/** Schema properties of the flags. */
export const SET_OPERATION_FLAG_FIELDS: Readonly<Record<string, FieldSchema>> = {
  all: FLAG_FIELD,
  byName: FLAG_FIELD,
  allowMissingColumns: FLAG_FIELD,
};

/** The options with their defaults (`all` defaults to `allByDefault`). */
export function setOperationOptions(fields: SetOperationFlags, allByDefault: boolean): SetOperationOptions {
  return { all: fields.all ?? allByDefault, byName: fields.byName ?? false, allowMissingColumns: fields.allowMissingColumns ?? false };
}

/** `allowMissingColumns` only makes sense when columns are matched by name. */
export function checkSetOperationFlags(fields: SetOperationFlags): { field: string; detail: string } | undefined {
  if (fields.allowMissingColumns === true && fields.byName !== true) {
    return { field: 'allowMissingColumns', detail: 'requires byName: true (columns can only be missing when they are matched by name)' };
  }
  return undefined;
}
