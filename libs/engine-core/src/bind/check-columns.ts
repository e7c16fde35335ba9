/**
 * The pipeline's column references checked before it runs, where its inputs' columns are known:
 * each transformation is bound (the same binders both backends execute) to its upstream columns,
 * in dependency order, without reading any data. An asset whose columns cannot be known — an
 * input whose columns were not given, a kind whose columns depend on the data (pivot's probe), or
 * anything downstream of those — is left for the job, whose error names the column as before.
 */
import { kindOf, type PipelineDefinition, sourceUpstream, type TransformationSource } from '@pipeline/definition';
import { closestName, type ValidationError, validationErrors } from '@pipeline/validation';
import { isEngineError } from '../errors';
import type { Column } from './bind-expression';
import { bindSource, probeOf } from './bind-source';

/** An unknown column found before running: the asset, its field, the column and the ones it could be. */
export interface ColumnProblem {
  readonly asset: string;
  readonly field?: string;
  readonly column: string;
  /** The columns the expression could read. */
  readonly columns: readonly string[];
  /** The engine's message (`asset "f": column "salry" not found (columns: ...)`). */
  readonly message: string;
  /** The close column name, when one exists (`salary` for `salry`). */
  readonly suggestion?: string;
}

/**
 * The problems as V-009 errors (`V-009: asset "g": agg[0]: column "salry" not found (columns: ...)
 * (did you mean "salary"?)`), in the order checkColumns found them.
 */
export function columnErrors(pipeline: PipelineDefinition, problems: readonly ColumnProblem[]): ValidationError[] {
  const numbers = new Map(pipeline.assets.map((asset) => [asset.ref, { number: asset.position.index + 1, line: asset.position.line }]));
  return problems.map((p) => {
    const at = numbers.get(p.asset);
    const hint = p.suggestion === undefined ? '' : ` (did you mean "${p.suggestion}"?)`;
    const detail = `column "${p.column}" not found (columns: ${p.columns.join(', ')})${hint}`;
    return validationErrors.expression({ name: p.asset, number: at?.number ?? 0 }, p.field ?? 'columns', detail, {
      cause: 'E_COLUMN_NOT_FOUND',
      ...(at?.line === undefined ? {} : { line: at.line }),
      ...(p.suggestion === undefined ? {} : { suggestion: p.suggestion }),
    });
  });
}

/**
 * Binds every transformation whose upstream columns are known; `inputs` maps an input asset to its
 * columns (a declared schema or the file's header). Returns the unknown columns in asset order.
 */
export function checkColumns(pipeline: PipelineDefinition, inputs: ReadonlyMap<string, readonly Column[]>): ColumnProblem[] {
  const known = new Map<string, readonly Column[]>(inputs);
  const settled = new Set<string>(inputs.keys());
  const problems: ColumnProblem[] = [];
  // Assets may be written in any order: repeat until a pass settles nothing new (at most one pass per asset).
  for (let progress = true; progress; ) {
    progress = false;
    for (const asset of pipeline.assets) {
      if (settled.has(asset.ref) || kindOf(asset.source.kind).role !== 'transformation') continue;
      const upstream = sourceUpstream(asset.source);
      if (!upstream.every((ref) => settled.has(ref))) continue;
      settled.add(asset.ref);
      progress = true;
      if (!upstream.every((ref) => known.has(ref))) continue;
      const source = asset.source as TransformationSource;
      const columns = upstream.map((ref) => ({ asset: ref, columns: known.get(ref) as readonly Column[] }));
      if (probeOf(asset.ref, source, columns) !== undefined) continue;
      try {
        known.set(asset.ref, bindSource(asset.ref, source, columns).columns);
      } catch (error) {
        if (!isEngineError(error) || error.code !== 'E_COLUMN_NOT_FOUND') continue;
        const d = error.details as { field?: string; column?: string; columns?: string[] };
        const suggestion = closestName(String(d.column), d.columns ?? []);
        problems.push({
          ...(suggestion === undefined ? {} : { suggestion }),
          asset: asset.ref,
          ...(d.field === undefined ? {} : { field: d.field }),
          column: String(d.column),
          columns: d.columns ?? [],
          message: error.message,
        });
      }
    }
  }
  return problems;
}
