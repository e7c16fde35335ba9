/** DuckDB's spelling of a JSONPath read by the definition's `readJsonPath`. */
import type { JsonPathStep } from '@pipeline/definition';

/** DuckDB's text of a path: every member quoted (`$."a"."b"[0]`), so no name is read as syntax. */
export function duckDbJsonPath(steps: readonly JsonPathStep[]): string {
  return `$${steps.map((s) => (s.kind === 'member' ? `."${s.name}"` : `[${s.index}]`)).join('')}`;
}
