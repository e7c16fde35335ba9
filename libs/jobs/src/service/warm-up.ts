/**
 * A fresh server's first job used to take about twice as long as the next ones: the first
 * validation compiles the document schemas and the expression parser's paths, and each worker
 * thread's first run compiles the engine's. Before a server listens, the main thread plans this
 * document and every worker runs it (a rehearsal) over a few rows in a folder of the service's
 * temp area, on a throwaway database: the data root is never read or written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { planPipeline } from '@pipeline/planner';
import type { Rehearsal } from '../worker/protocol';

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
    - asset_ref: kept_rows
      source: { output: { from: kept, format: csv, path: warm-up-kept.csv, mode: overwrite } }
`;

/** The rehearsal's input: a few rows of the columns the document reads. */
const WARM_UP_CSV = ['region,status,amount', ...Array.from({ length: 12 }, (_, i) => `r${i % 3},${i % 4 === 0 ? 'inactive' : 'active'},${i * 5}`)].join('\n') + '\n';

/**
 * Plans the warm-up document and writes its input into `folder` (created); undefined when the
 * document no longer plans (a bug in this module) or the folder cannot be written.
 */
export function prepareRehearsal(folder: string): Rehearsal | undefined {
  const planned = planPipeline(WARM_UP_DOCUMENT);
  if (!planned.ok) return undefined;
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'warm-up.csv'), WARM_UP_CSV);
  } catch {
    return undefined;
  }
  return { plan: planned.plan, dataRoot: folder };
}
