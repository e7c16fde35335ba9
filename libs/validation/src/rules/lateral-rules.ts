/**
 * Spec 8.40 lets a lateral join's right side read the left's columns (a correlated subquery). Here
 * `right` names an asset, computed once on its own like every asset, not once per left row: a
 * column of the left asset that the right asset reads through the left's name is refused, rather
 * than bound to a column of the same name of the right's own input (qualifiers are loose,
 * decisions 7) or failing later with a message about struct fields.
 */
import { type AssetDefinition, kindOf } from '@pipeline/definition';
import { type ValidationError, validationErrors } from '../errors';

/** The first right side of a lateral join that reads the join's left columns; `upstream[i]` lists what `assets[i]` reads. */
export function checkLateralJoins(assets: readonly AssetDefinition[], upstream: readonly (readonly string[])[]): ValidationError | undefined {
  const index = new Map(assets.map((a, i) => [a.ref, i]));
  for (const join of assets) {
    if (join.source.kind !== 'lateral_join') continue;
    const { left, right } = join.source;
    const at = index.get(right);
    if (at === undefined || reaches(at, left, upstream, index)) continue;
    const asset = assets[at];
    const found = leftColumnRead(asset.source, left);
    if (found === undefined) continue;
    const key = kindOf(asset.source.kind).specKey ?? asset.source.kind;
    return validationErrors.invalidField(
      { name: right, number: asset.position.index + 1 },
      `${key}.${found.field}`,
      `reads column "${left}.${found.column}" of asset "${left}", the left side of lateral join "${join.ref}": a lateral join's right side is an asset computed on its own in this service, not once per left row (spec 8.40's correlated right side is not supported); correlate through the join's on instead (on: ["${left}.${found.column} = ${right}.<column>"])`,
      asset.position.line === undefined ? {} : { line: asset.position.line },
    );
  }
  return undefined;
}

/** True when `target` is `assets[from]`'s own input or further upstream (its columns then pass through). */
function reaches(from: number, target: string, upstream: readonly (readonly string[])[], index: ReadonlyMap<string, number>): boolean {
  const seen = new Set<number>();
  const stack = [from];
  while (stack.length > 0) {
    const i = stack.pop() as number;
    if (seen.has(i)) continue;
    seen.add(i);
    for (const ref of upstream[i] ?? []) {
      if (ref === target) return true;
      const next = index.get(ref);
      if (next !== undefined) stack.push(next);
    }
  }
  return false;
}

/** The first column reference qualified by `left` in a source's expressions, with the source field holding it. */
function leftColumnRead(source: object, left: string): { field: string; column: string } | undefined {
  for (const [field, value] of Object.entries(source)) {
    // An explicit stack: expression trees are plain data of bounded but possibly large depth.
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === null || typeof node !== 'object') continue;
      const n = node as { kind?: unknown; qualifier?: unknown; name?: unknown };
      if (n.kind === 'column' && typeof n.qualifier === 'string' && typeof n.name === 'string' && n.qualifier.toLowerCase() === left.toLowerCase()) {
        return { field, column: n.name };
      }
      stack.push(...(Array.isArray(node) ? node : Object.values(node)));
    }
  }
  return undefined;
}
