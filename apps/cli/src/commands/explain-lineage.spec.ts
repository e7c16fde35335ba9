import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Io } from '../io';
import { PLAIN_STYLE } from '../output-style';
import { explainCommand } from './explain';

const PIPELINE = `version: "3.0"
pipeline:
  name: crm
  namespace: com.example
input:
  - {name: customers, format: csv, path: c.csv, tags: [pii], owner: {name: CRM, email: crm@x.io}}
transformation:
  - name: safe
    select: {from: customers, columns: [id]}
    removeTags: [pii]
    tags: [clean]
output:
  - {name: safe, format: csv, path: out, mode: overwrite}
exposures:
  - {name: dash, type: dashboard, depends_on: [output_safe]}
`;

function run(args: { lineage?: boolean; json?: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explain-lineage-'));
  fs.writeFileSync(path.join(dir, 'p.yaml'), PIPELINE);
  let out = '';
  const io: Io = { out: { write: (t: string) => (out += t) }, err: { write: () => true }, cwd: dir, style: PLAIN_STYLE };
  const status = explainCommand('p.yaml', { graph: 'text', ...args }, io);
  fs.rmSync(dir, { recursive: true, force: true });
  return { status, out };
}

describe('pipeline explain --lineage', () => {
  it('prints the lineage document as JSON with propagated tags, URNs and impact', () => {
    const { status, out } = run({ lineage: true, json: true });
    expect(status).toBe(0);
    const document = JSON.parse(out);
    const safe = document.assets.find((a: { asset: string }) => a.asset === 'safe');
    expect(safe).toMatchObject({ urn: 'teckel://com.example/safe', tags: ['clean'], upstream: ['customers'], allDownstream: ['output_safe', 'exposure:dash'] });
    expect(document.assets[0]).toMatchObject({ asset: 'customers', tags: ['pii'], owner: { name: 'CRM', email: 'crm@x.io' } });
    expect(document.exposures).toEqual([{ name: 'dash', type: 'dashboard', dependsOn: ['output_safe'], tags: [], urns: ['teckel://com.example/output_safe'] }]);
  });

  it('prints it as text', () => {
    const { out } = run({ lineage: true });
    expect(out).toContain('[safe] transformation teckel://com.example/safe\n  upstream: customers\n  downstream: output_safe, exposure:dash\n  tags: clean\n');
    expect(out).toContain('(exposure dash) dashboard: depends on output_safe');
  });

  it('prints the plan without --lineage', () => {
    expect(run({}).out).toMatch(/^=== Pipeline Execution Plan ===/);
  });
});
