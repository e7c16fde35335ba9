/**
 * The pipeline's column references checked before it runs, where its inputs' columns are known:
 * each transformation is bound (the same binders both backends execute) to its upstream columns,
 * in dependency order, without reading any data. An asset whose columns cannot be known — an
 * input whose columns were not given, a kind whose columns depend on the data (pivot's probe), or
 * anything downstream of those — is left for the job, whose error names the column as before.
 */
import { kindOf, type PipelineDefinition, sourceUpstream, type TransformationSource } from '@pipeline/definition';
import { closestName, type ValidationError, validationErrors } from '@pipeline/validation';
import { isEngineError, problemAfterAsset } from '../errors';
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
  /** The engine's words for it, when not a plain unknown column (`struct field "x" not found in s.x ...`). */
  readonly problem?: string;
  /** The spec's code (`E-COL-001`, `E-EXPR-006` for a struct field). */
  readonly specCode?: string;
}

/**
 * The problems as V-009 errors (`V-009: E-COL-001: asset "g": agg[0]: column "salry" not found
 * (columns: ...) (did you mean "salary"?)`), in the order checkColumns found them. The field names
 * the expression that reads the column (`agg[0]`) and `expressionColumn` where in it the column is,
 * so placeErrors can point at the value.
 */
export function columnErrors(pipeline: PipelineDefinition, problems: readonly ColumnProblem[]): ValidationError[] {
  const assets = new Map(pipeline.assets.map((asset) => [asset.ref, asset]));
  return problems.map((p) => {
    const asset = assets.get(p.asset);
    const at = asset === undefined || p.field === undefined ? undefined : findColumn(asset.source, p.field, p.column);
    const hint = p.suggestion === undefined ? '' : ` (did you mean "${p.suggestion}"?)`;
    const detail = `${p.problem ?? `column "${p.column}" not found (columns: ${p.columns.join(', ')})`}${hint}`;
    const field = at?.field ?? p.field ?? 'columns';
    return validationErrors.expression({ name: p.asset, number: (asset?.position.index ?? -1) + 1 }, field, detail, {
      cause: 'E_COLUMN_NOT_FOUND',
      specCode: p.specCode ?? 'E-COL-001',
      ...(asset?.position.line === undefined ? {} : { line: asset.position.line }),
      ...(at?.expressionColumn === undefined ? {} : { expressionColumn: at.expressionColumn }),
      ...(p.suggestion === undefined ? {} : { suggestion: p.suggestion }),
    });
  });
}

/**
 * The expression of `field` that reads `column` (the first, in written order) and where the column
 * starts in its text: `agg[1]` of a list field, `filter` of a single one.
 */
function findColumn(source: object, field: string, column: string): { field: string; expressionColumn: number } | undefined {
  const value = (source as Record<string, unknown>)[field];
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`${field}[${i}]`, v]) : [[field, value]];
  for (const [path, expr] of entries) {
    const start = columnStart(expr, column, 0);
    if (start !== undefined) return { field: path, expressionColumn: start + 1 };
  }
  return undefined;
}

/** The 0-based offset of the first column node written `column` inside an expression tree. */
function columnStart(node: unknown, column: string, depth: number): number | undefined {
  if (node === null || typeof node !== 'object' || depth > 64) return undefined;
  const n = node as { kind?: unknown; name?: unknown; qualifier?: unknown; span?: { start?: unknown } };
  if (n.kind === 'column' && typeof n.name === 'string') {
    const written = typeof n.qualifier === 'string' ? `${n.qualifier}.${n.name}` : n.name;
    if (written === column && typeof n.span?.start === 'number') return n.span.start;
  }
  for (const child of Object.values(node)) {
    const found = columnStart(child, column, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
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
        const d = error.details as { field?: string; column?: string; columns?: string[]; specCode?: string };
        const afterField = problemAfterAsset(error, asset.ref);
        const problem = d.field !== undefined && afterField.startsWith(`${d.field}: `) ? afterField.slice(d.field.length + 2) : afterField;
        const suggestion = closestName(String(d.column), d.columns ?? []);
        problems.push({
          ...(suggestion === undefined ? {} : { suggestion }),
          asset: asset.ref,
          ...(d.field === undefined ? {} : { field: d.field }),
          column: String(d.column),
          columns: d.columns ?? [],
          message: error.message,
          ...(problem.startsWith('column "') ? {} : { problem }),
          ...(d.specCode === undefined ? {} : { specCode: d.specCode }),
        });
      }
    }
  }
  return problems;
}
