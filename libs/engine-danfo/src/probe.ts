/** The danfo backend's answer to a probe (check/probe.ts): the same texts DuckDB's CAST to VARCHAR gives. */
import {
  MAX_PROBED_VALUES,
  type ProbeAnswer,
  type ProbeRequest,
  compareValues,
  valueKey,
  formatValue,
  type Value,
} from '@pipeline/engine-core';
import type { DanfoInput } from './kinds/danfo-kind';

/** At most one tuple more than a probe may return, as the DuckDB statement reads. */
export function answerProbe(request: ProbeRequest, input: DanfoInput): ProbeAnswer {
  const picked = request.columns.map((name) => {
    const at = input.columns.findIndex((c) => c.name === name);
    return { type: input.columns[at].type, data: input.data[at] };
  });
  if (request.what === 'sample') {
    const [{ type, data }] = picked;
    const values: (string | null)[][] = [];
    for (let i = 0; i < input.rowCount && values.length < (request.limit ?? 0); i++) if (data[i] !== null) values.push([formatValue(type, data[i])]);
    return values;
  }
  if (request.what === 'rows') {
    const n = Math.min(input.rowCount, MAX_PROBED_VALUES + 1);
    return Array.from({ length: n }, (_, i) => picked.map((p) => formatValue(p.type, p.data[i])));
  }
  const [{ type, data }] = picked;
  const seen = new Map<string, NonNullable<Value>>();
  for (const v of data) if (v !== null && !seen.has(valueKey(v))) seen.set(valueKey(v), v);
  return [...seen.values()]
    .sort(compareValues)
    .slice(0, MAX_PROBED_VALUES + 1)
    .map((v) => [formatValue(type, v)]);
}
