import type { Value } from '@pipeline/engine-core';
import { convertValue } from '../js-functions';
import type { DanfoKind } from './danfo-kind';

export const runTranspose: DanfoKind<'transpose'> = async ({ bound, inputs: [input], frames }) => {
  const { rows, valueType, width } = bound.transform;
  const out: Value[][] = bound.columns.map(() => []);
  for (const c of rows) {
    const data = input.data[input.columns.findIndex((x) => x.name === c.name)];
    out[0].push(c.name);
    for (let r = 0; r < width; r++) out[r + 1].push(convertValue(data[r], c.type, valueType));
  }
  return { frame: frames.fromColumns(bound.columns, out, rows.length), rowCount: rows.length };
};
