/**
 * The first validation in a process compiles the document schemas and the expression parser's
 * paths (tens of milliseconds); a server does it once at start-up, with this document, so its
 * first request is answered as fast as later ones. The document is never run.
 */
import { planPipeline } from '@pipeline/planner';

const WARM_UP_DOCUMENT = `
version: "3.0"
pipeline:
  name: warm-up
  assets:
    - asset_ref: raw
      source: { input: { format: csv, path: warm-up.csv } }
    - asset_ref: kept
      source: { where: { from: raw, filter: "status = 'active' AND amount >= 10" } }
    - asset_ref: slim
      source: { select: { from: kept, columns: [region, "amount * 2 AS doubled"] } }
    - asset_ref: totals
      source: { group_by: { from: slim, by: [region], agg: ["count(*) AS n", "sum(doubled) AS total"] } }
    - asset_ref: sorted
      source: { order_by: { from: totals, columns: [region] } }
    - asset_ref: out
      source: { output: { from: sorted, format: parquet, path: warm-up.parquet, mode: overwrite } }
`;

/** Validates and plans the warm-up document; true when it planned (a false is a bug in this module's document). */
export function warmValidation(): boolean {
  return planPipeline(WARM_UP_DOCUMENT).ok;
}
