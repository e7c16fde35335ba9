/** What union, intersect and except share: their flags, defaults and the rule between them. */
import type { SetOperationOptions } from '../definition';
import { optional, type Written } from './fields';
import { FLAG } from './schema-parts';

/** The flags, each optional. */
export const SET_OPERATION_FLAGS = { all: optional(FLAG), byName: optional(FLAG), allowMissingColumns: optional(FLAG) };

/** The flags as written. */
export type SetOperationFlags = Written<typeof SET_OPERATION_FLAGS>;

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
