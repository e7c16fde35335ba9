// The pipelines several benches time, written once so that every bench measures the same work
// (the engine bench, the end-to-end bench and the Spark bench compare their figures).
'use strict';

/**
 * The contract's example: CSV (or `inputFormat`) -> where -> select -> group_by -> `outputFormat`;
 * paths relative to the data root.
 */
function examplePipeline(input, out, { inputFormat = 'csv', outputFormat = 'parquet' } = {}) {
  return `
version: "3.0"
pipeline:
  name: bench
  assets:
    - asset_ref: raw
      source: { input: { format: ${inputFormat}, path: ${JSON.stringify(input)} } }
    - asset_ref: active
      source: { where: { from: raw, filter: "status = 'active'" } }
    - asset_ref: slim
      source: { select: { from: active, columns: [department, salary] } }
    - asset_ref: by_dept
      source:
        group_by:
          from: slim
          by: [department]
          agg: ["count(*) AS employees", "avg(salary) AS avg_salary", "sum(salary) AS total", "min(salary) AS low", "max(salary) AS high"]
    - asset_ref: summary
      source: { output: { from: by_dept, format: ${outputFormat}, path: ${JSON.stringify(out)}, mode: overwrite } }
`;
}

/**
 * A fact table joined with a small dimension table, then grouped, sorted and cut (Teckel shape):
 * sales CSV inner-joined with customers CSV on customer_id, revenue by region, top 5.
 */
function joinPipeline(sales, customers, out, { outputFormat = 'parquet' } = {}) {
  return `
version: "3.0"
pipeline:
  name: bench-join
input:
  - name: sales
    format: csv
    path: ${JSON.stringify(sales)}
  - name: customers
    format: csv
    path: ${JSON.stringify(customers)}
transformation:
  - name: joined
    join:
      left: sales
      right:
        - name: customers
          type: inner
          on: ["sales.customer_id = customers.customer_id"]
  - name: by_region
    group:
      from: joined
      by: [region]
      agg: ["sum(amount) AS revenue", "count(*) AS orders", "sum(quantity) AS units"]
  - name: ranked
    orderBy:
      from: by_region
      columns:
        - column: revenue
          direction: desc
        - region
  - name: top
    limit: { from: ranked, count: 5 }
output:
  - name: top
    format: ${outputFormat}
    path: ${JSON.stringify(out)}
    mode: overwrite
`;
}

module.exports = { examplePipeline, joinPipeline };
