import {
  qualifiedName,
  mergeProblem,
  type BoundMergeAction,
  engineError,
  throwIfAborted,
  type Value,
} from '@pipeline/engine-core';
import { compileRowExpression, type Compiled } from '../compile-js';
import type { DanfoKind } from './danfo-kind';
import { contextOver } from './evaluate';

/** An action compiled over one frame: its condition and the value it assigns to each output column. */
interface CompiledAction {
  readonly action: BoundMergeAction['action'];
  readonly condition?: Compiled<number>;
  readonly values: readonly (Compiled<number> | undefined)[];
}

// The rules of merge.ts in the DuckDB kinds: pairs are the (target, source) rows `on` holds for,
// under `<asset>.<column>` names; a matched target row takes the first whenMatched action that
// applies, an unmatched one the first of whenNotMatchedBySource, and an unmatched source row is
// inserted by the first whenNotMatched action that applies; target rows first, then inserted ones.
export const runMerge: DanfoKind<'merge'> = async ({ ref, bound, inputs: [target, source], signal, frames, compileContext }) => {
  const t = bound.transform;
  const names = [...t.targetColumns.map((c) => qualifiedName({ asset: t.targetAsset, name: c.name })), ...t.sourceColumns.map((c) => qualifiedName({ asset: t.sourceAsset, name: c.name }))];
  const on = compileRowExpression(t.on, { ...compileContext('on'), columnIndex: (name) => names.indexOf(name) });
  const targetCount = t.targetColumns.length;
  const buffer: Value[][] = names.map(() => [null]);
  const pairs: [number, number][] = [];
  for (let r = 0; r < target.rowCount; r++) {
    for (let k = 0; k < targetCount; k++) buffer[k][0] = target.data[k][r];
    for (let s = 0; s < source.rowCount; s++) {
      for (let k = 0; k < t.sourceColumns.length; k++) buffer[targetCount + k][0] = source.data[k][s];
      if (on(buffer, 0) === true) pairs.push([r, s]);
    }
    throwIfAborted(signal, ref);
  }
  // Each matched target row's first pair (a second one is refused when whenMatched has actions).
  const firstPair = new Map<number, number>();
  const matchedSource = new Set<number>();
  for (const [index, [r, s]] of pairs.entries()) {
    if (firstPair.has(r) && t.whenMatched.length > 0) throw engineError('E_VALUE', { asset: ref, field: 'on', problem: mergeProblem(t) });
    if (!firstPair.has(r)) firstPair.set(r, index);
    matchedSource.add(s);
  }
  // The pairs as one frame, column-major, under the qualified names.
  const pairData: Value[][] = [
    ...t.targetColumns.map((_, k) => pairs.map(([r]) => target.data[k][r])),
    ...t.sourceColumns.map((_, k) => pairs.map(([, s]) => source.data[k][s])),
  ];
  const pairContext = { ...compileContext('on'), columnIndex: (name: string) => names.indexOf(name) };
  const compileActions = (actions: readonly BoundMergeAction[], context: typeof pairContext): CompiledAction[] =>
    actions.map((a) => ({
      action: a.action,
      ...(a.condition === undefined ? {} : { condition: compileRowExpression(a.condition, context) }),
      values: a.values.map((e) => (e === undefined ? undefined : compileRowExpression(e, context))),
    }));
  const targetContext = contextOver(compileContext('whenNotMatchedBySource'), target);
  const matched = compileActions(t.whenMatched, pairContext);
  const bySource = compileActions(t.whenNotMatchedBySource, targetContext);
  const inserts = compileActions(t.whenNotMatched, contextOver(compileContext('whenNotMatched'), source));
  const keepMatched = t.keepMatched.map((e) => compileRowExpression(e, pairContext));
  const keepTarget = t.keepTarget.map((e) => compileRowExpression(e, targetContext));
  const first = (actions: readonly CompiledAction[], data: readonly (readonly Value[])[], row: number): CompiledAction | undefined =>
    actions.find((a) => a.condition === undefined || a.condition(data, row) === true);

  const out: Value[][] = t.keepTarget.map(() => []);
  let rowCount = 0;
  const push = (values: readonly Value[]): void => {
    values.forEach((value, k) => out[k].push(value));
    rowCount++;
  };
  for (let r = 0; r < target.rowCount; r++) {
    const index = firstPair.get(r);
    const [actions, keep, data, row] = index === undefined ? [bySource, keepTarget, target.data, r] : [matched, keepMatched, pairData, index];
    const chosen = first(actions, data, row);
    if (chosen?.action === 'delete') continue;
    push(keep.map((kept, k) => (chosen?.values[k] ?? kept)(data, row)));
  }
  throwIfAborted(signal, ref);
  for (let s = 0; s < source.rowCount; s++) {
    if (matchedSource.has(s)) continue;
    const chosen = first(inserts, source.data, s);
    if (chosen !== undefined) push(chosen.values.map((value) => (value === undefined ? null : value(source.data, s))));
  }
  return { frame: frames.fromColumns(bound.columns, out, rowCount), rowCount };
};
