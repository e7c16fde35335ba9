import { lineageDocument } from './lineage';
import { planPipeline } from './plan-pipeline';

function lineage(yaml: string, variables?: Record<string, string>) {
  const planned = planPipeline(yaml, variables);
  if (!planned.ok) throw new Error(planned.error.message);
  return lineageDocument(planned.pipeline, planned.plan);
}

const byAsset = (doc: ReturnType<typeof lineage>) => new Map(doc.assets.map((a) => [a.asset, a]));

const DOC = `version: "3.0"
pipeline:
  name: sales
  namespace: \${NS:com.example.sales}
  owner: {name: Data Team, email: data@example.com}
  tags: [finance]
  catalog: {target: openmetadata, namespace: finance.sales}
input:
  - name: customers
    format: csv
    path: data/customers.csv
    tags: [pii, crm]
    owner: {name: CRM, email: crm@example.com, type: business}
    columns:
      - {name: email, description: Contact, tags: [pii], constraints: [not_null], meta: {sensitivity: high}}
  - name: orders
    format: csv
    path: data/orders.csv
    tags: [sales]
transformation:
  - name: joined
    join:
      left: customers
      right: [{name: orders, type: inner, on: ["customers.id = orders.customer_id"]}]
    tags: [curated]
  - name: anonymized
    select: {from: joined, columns: [id]}
    tags: [anonymized]
    removeTags: [pii]
output:
  - name: anonymized
    format: parquet
    mode: overwrite
    path: out/anonymized
    tags: [published]
exposures:
  - name: dash
    type: dashboard
    depends_on: [anonymized]
`;

describe('lineage (spec 18.7 - 18.10)', () => {
  it('unions the tags of every upstream, adds its own and inherits transitively (18.7 rules 1-3)', () => {
    const assets = byAsset(lineage(DOC));
    expect(assets.get('customers')?.tags).toEqual(['crm', 'pii']);
    expect(assets.get('joined')?.tags).toEqual(['crm', 'curated', 'pii', 'sales']);
  });

  it('removes inherited tags named in removeTags, keeping its own (18.7 rule 4)', () => {
    expect(byAsset(lineage(DOC)).get('anonymized')?.tags).toEqual(['anonymized', 'crm', 'curated', 'sales']);
  });

  it('gives an output the tags of the asset it writes, plus its own (18.7 rule 5)', () => {
    expect(byAsset(lineage(DOC)).get('output_anonymized')?.tags).toEqual(['anonymized', 'crm', 'curated', 'published', 'sales']);
  });

  it('names each asset teckel://<namespace>/<asset>, variables substituted (18.8)', () => {
    const doc = lineage(DOC, { NS: 'com.acme' });
    expect(byAsset(doc).get('joined')?.urn).toBe('teckel://com.acme/joined');
    expect(doc.exposures[0]?.urns).toEqual(['teckel://com.acme/anonymized']);
  });

  it('gives no URN without a pipeline namespace (18.8)', () => {
    const doc = lineage(DOC.replace(/ {2}namespace: .*\n/, ''));
    expect(doc.pipeline.namespace).toBeUndefined();
    expect(doc.assets.every((a) => a.urn === undefined)).toBe(true);
    expect(doc.exposures[0]?.urns).toBeUndefined();
  });

  it('answers upstream and downstream impact, exposures included (18.9)', () => {
    const assets = byAsset(lineage(DOC));
    expect(assets.get('joined')?.upstream).toEqual(['customers', 'orders']);
    expect(assets.get('anonymized')?.allUpstream).toEqual(['customers', 'orders', 'joined']);
    expect(assets.get('customers')?.downstream).toEqual(['joined']);
    expect(assets.get('customers')?.allDownstream).toEqual(['joined', 'anonymized', 'output_anonymized', 'exposure:dash']);
    expect(assets.get('anonymized')?.exposures).toEqual(['dash']);
  });

  it('carries pipeline, owner and column metadata for a catalog (18.10)', () => {
    const doc = lineage(DOC);
    expect(doc.pipeline).toMatchObject({ name: 'sales', namespace: 'com.example.sales', tags: ['finance'], catalog: { target: 'openmetadata', namespace: 'finance.sales' } });
    const customers = byAsset(doc).get('customers');
    expect(customers?.owner).toEqual({ name: 'CRM', email: 'crm@example.com', type: 'business' });
    expect(customers?.columns).toEqual([{ name: 'email', description: 'Contact', tags: ['pii'], constraints: ['not_null'], meta: { sensitivity: 'high' } }]);
    expect(doc.edges).toContainEqual({ from: 'orders', to: 'joined' });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('works for a document without any metadata', () => {
    const doc = lineage('version: "3.0"\ninput:\n  - {name: a, format: csv, path: a.csv}\noutput:\n  - {name: a, format: csv, path: out, mode: overwrite}\n');
    expect(doc.assets.map((a) => [a.asset, a.tags])).toEqual([['a', []], ['output_a', []]]);
    expect(doc.exposures).toEqual([]);
  });
});
