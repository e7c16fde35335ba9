/**
 * Union, intersect and except in JavaScript, with the semantics of `set-operation-sql.ts`: inputs
 * lined up and widened, NULLs equal, results in input order; ALL keeps multiplicities (intersect:
 * a row's first n occurrences, n its smallest count elsewhere; except: all but its first m, m its
 * count in `right`).
 */
import type { TransformationKind } from '@pipeline/definition';
import { type Column, type BoundSetOperation, throwIfAborted, valueKey, type Value } from '@pipeline/engine-core';
import { convertValue } from '../js-functions';
import type { DanfoInput, DanfoResult, FrameMaker } from './danfo-kind';

/** One input lined up with the output columns: its values and each row's key. */
interface Lined {
  readonly data: Value[][];
  readonly keys: string[];
}

function lineUp(bound: BoundSetOperation<TransformationKind>, columns: readonly Column[], input: DanfoInput, index: number): Lined {
  const data = columns.map((out, position) => {
    const pick = bound.inputs[index].picks[position];
    if (pick === null) return new Array<Value>(input.rowCount).fill(null);
    const values = input.data[input.columns.findIndex((c) => c.name === pick.name)];
    return pick.type === out.type ? [...values] : values.map((v) => convertValue(v, pick.type, out.type));
  });
  const keys = new Array<string>(input.rowCount);
  for (let i = 0; i < input.rowCount; i++) {
    let key = '';
    for (const column of data) {
      const part = valueKey(column[i]);
      key += `${part.length}:${part}`;
    }
    keys[i] = key;
  }
  return { data, keys };
}

function counts(keys: readonly string[]): Map<string, number> {
  const n = new Map<string, number>();
  for (const k of keys) n.set(k, (n.get(k) ?? 0) + 1);
  return n;
}

/** The rows picked from the lined-up inputs, as a frame. */
function framed(columns: readonly Column[], lined: readonly Lined[], rows: readonly [number, number][], frames: FrameMaker): DanfoResult {
  const data = columns.map((_, c) => rows.map(([input, row]) => lined[input].data[c][row]));
  return { frame: frames.fromColumns(columns, data, rows.length), rowCount: rows.length };
}

export function runUnion(
  bound: BoundSetOperation<'union'>,
  columns: readonly Column[],
  inputs: readonly DanfoInput[],
  frames: FrameMaker,
  signal: AbortSignal | undefined,
  ref: string,
): DanfoResult {
  const lined = inputs.map((input, i) => lineUp(bound, columns, input, i));
  throwIfAborted(signal, ref);
  const seen = new Set<string>();
  const rows: [number, number][] = [];
  lined.forEach((l, input) =>
    l.keys.forEach((key, row) => {
      if (bound.all || !seen.has(key)) rows.push([input, row]);
      seen.add(key);
    }),
  );
  return framed(columns, lined, rows, frames);
}

/** The first input's rows kept by `keep(occurrence, key)`, in its order. */
function filterFirst(
  bound: BoundSetOperation<TransformationKind>,
  columns: readonly Column[],
  inputs: readonly DanfoInput[],
  frames: FrameMaker,
  keep: (occurrence: number, others: readonly Map<string, number>[], key: string) => boolean,
): DanfoResult {
  const lined = inputs.map((input, i) => lineUp(bound, columns, input, i));
  const others = lined.slice(1).map((l) => counts(l.keys));
  const occurrences = new Map<string, number>();
  const rows: [number, number][] = [];
  lined[0].keys.forEach((key, row) => {
    const occurrence = (occurrences.get(key) ?? 0) + 1;
    occurrences.set(key, occurrence);
    if (keep(occurrence, others, key)) rows.push([0, row]);
  });
  return framed(columns, lined, rows, frames);
}

export function runIntersect(bound: BoundSetOperation<'intersect'>, columns: readonly Column[], inputs: readonly DanfoInput[], frames: FrameMaker): DanfoResult {
  return filterFirst(bound, columns, inputs, frames, (occurrence, others, key) =>
    bound.all ? others.every((n) => occurrence <= (n.get(key) ?? 0)) : occurrence === 1 && others.every((n) => n.has(key)),
  );
}

export function runExcept(bound: BoundSetOperation<'except'>, columns: readonly Column[], inputs: readonly DanfoInput[], frames: FrameMaker): DanfoResult {
  return filterFirst(bound, columns, inputs, frames, (occurrence, [right], key) =>
    bound.all ? occurrence > (right.get(key) ?? 0) : occurrence === 1 && !right.has(key),
  );
}
