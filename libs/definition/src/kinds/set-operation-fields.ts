/** What union, intersect and except share: their flags, defaults and the rule between them. */
import { optional, type Written } from './fields';
import { FLAG } from './schema-parts';

/** How a set operation lines up its inputs' columns. */
export interface SetOperationOptions {
  /** Keep duplicates (UNION ALL, INTERSECT ALL, EXCEPT ALL). */
  readonly all: boolean;
  /** Match columns by name instead of position. */
  readonly byName: boolean;
  /** With byName: a column some inputs lack is NULL for them. */
  readonly allowMissingColumns: boolean;
}

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
