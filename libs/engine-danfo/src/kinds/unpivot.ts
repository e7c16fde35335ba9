import { type Value, forEachRow } from '@pipeline/engine-core';
import { convertValue } from '../js-functions';
import type { DanfoKind } from './danfo-kind';

export const runUnpivot: DanfoKind<'unpivot'> = async ({ ref, bound, inputs: [input], signal, frames }) => {
  const { ids, values, valueType } = bound.transform;
  const at = (name: string): readonly Value[] => input.data[input.columns.findIndex((c) => c.name === name)];
  const idData = ids.map((c) => at(c.name));
  const valueData = values.map((c) => at(c.name));
  const out: Value[][] = bound.columns.map(() => []);
  await forEachRow(input.rowCount, signal, ref, (i) => {
    values.forEach((v, k) => {
      idData.forEach((data, c) => out[c].push(data[i]));
      out[ids.length].push(v.name);
      out[ids.length + 1].push(convertValue(valueData[k][i], v.type, valueType));
    });
  });
  const rowCount = input.rowCount * values.length;
  return { frame: frames.fromColumns(bound.columns, out, rowCount), rowCount };
};
