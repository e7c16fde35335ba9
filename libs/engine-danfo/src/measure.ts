/** Quality measurements on the danfo backend: a MeasureRequest over column arrays, in JavaScript. */
import {
  engineError,
  type Column,
  type KeyCounts,
  type Measurer,
  type MeasureRequest,
  type Measures,
  valueKey,
  type Value,
  forEachRow,
} from '@pipeline/engine-core';
import { compileGroupExpression, compileRowExpression, type Columns } from './compile-js';

/** One dataset as column arrays. */
export interface DanfoData {
  readonly columns: readonly Column[];
  readonly data: Columns;
  readonly rowCount: number;
}

/** A measurer over `target`, with `references` holding each asset a request may look up. */
export function danfoMeasurer(target: DanfoData, references: Readonly<Record<string, DanfoData>> = {}, nowMicros = Date.now() * 1000): Measurer {
  return async (request: MeasureRequest, signal?: AbortSignal): Promise<Measures> => {
    const { asset, field } = request;
    const ctx = { asset, field, nowMicros, columnIndex: (name: string) => target.columns.findIndex((c) => c.name === name) };
    const cols = target.data;
    let rows: number[] = [];
    if (request.filter === undefined) {
      rows = Array.from({ length: target.rowCount }, (_, i) => i);
    } else {
      const keep = compileRowExpression(request.filter, ctx);
      await forEachRow(target.rowCount, signal, asset, (i) => {
        if (keep(cols, i) === true) rows.push(i);
      });
    }
    const aggregates = request.aggregates.map((a) => toNumber(compileGroupExpression(a, ctx)(cols, rows)));
    const keys: KeyCounts[] = request.keys.map((key) => {
      const positions = key.map(ctx.columnIndex);
      const counts = new Map<string, number>();
      let keyedRows = 0;
      for (const r of rows) {
        const values = positions.map((p) => cols[p]?.[r] ?? null);
        if (values.some((v) => v === null)) continue;
        keyedRows++;
        const k = values.map((v) => valueKey(v as string | number | boolean)).join('\u0000');
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      let duplicateRows = 0;
      for (const n of counts.values()) if (n > 1) duplicateRows += n;
      return { keyedRows, distinct: counts.size, duplicateRows };
    });
    const found = request.references.map((ref) => {
      const other = references[ref.asset];
      if (other === undefined) throw engineError('E_BAD_SOURCE', { asset, problem: `reference asset "${ref.asset}" has not been computed` });
      const at = other.columns.findIndex((c) => c.name === ref.referenceColumn);
      const present = new Set<string>();
      for (const v of other.data[at] ?? []) if (v !== null) present.add(valueKey(v as string | number | boolean));
      const p = ctx.columnIndex(ref.column);
      let checked = 0;
      let missing = 0;
      for (const r of rows) {
        const v = cols[p]?.[r] ?? null;
        if (v === null) continue;
        checked++;
        if (!present.has(valueKey(v as string | number | boolean))) missing++;
      }
      return { checked, missing };
    });
    return { rows: rows.length, aggregates, keys, references: found };
  };
}

function toNumber(v: Value): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return typeof v === 'number' ? v : Number(v);
}
