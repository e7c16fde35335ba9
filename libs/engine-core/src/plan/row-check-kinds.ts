/** The kinds whose bound form may carry row checks (an assertion always, a schemaEnforce with checks). */
import type { TransformationKind } from '@pipeline/definition';

const CHECKS_ROWS: { readonly [K in TransformationKind]?: true } = { assertion: true, schema_enforce: true };

/** Whether a step of `kind` may check its rows once they exist. */
export function mayCheckRows(kind: TransformationKind): boolean {
  return CHECKS_ROWS[kind] === true;
}
