/**
 * Every pipeline the README and the docs show in a `yaml` block is valid as written: whole
 * documents as they are, lists of assets inside a document that gives them an input `raw` to read
 * and an output of the last one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validatePipeline } from '@pipeline/validation';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const PAGES = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The yaml blocks of a page that are pipelines or parts of one (not, say, a compose file). */
function pipelineBlocks(page: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, page), 'utf8');
  return [...text.matchAll(/^```yaml\n([\s\S]*?)^```/gm)].map((m) => m[1] as string).filter((b) => /^(version:|- asset_ref:)/m.test(b));
}

/** A list of assets as a whole document: an input named `raw` unless the list has one, an output of its last asset. */
function asDocument(block: string): string {
  if (/^version:/m.test(block)) return block;
  const raw = /asset_ref: raw\b/.test(block) ? '' : '    - asset_ref: raw\n      source: { input: { format: csv, path: employees.csv } }\n';
  const assets = block.replace(/^/gm, '    ').replace(/ +$/gm, '').replace(/\n*$/, '\n');
  const last = [...block.matchAll(/asset_ref: (\w+)/g)].pop()?.[1];
  const output = `    - asset_ref: shown_out\n      source: { output: { from: ${last}, format: csv, path: out/shown.csv } }\n`;
  return `version: "3.0"\npipeline:\n  name: shown\n  assets:\n${raw}${assets}${output}`;
}

const blocks = PAGES.flatMap((page) => pipelineBlocks(page).map((block, i) => ({ where: `${page} yaml block ${i + 1}`, block })));

it('finds the pipelines the pages show', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(5);
});

it.each(blocks)('$where is a valid pipeline', ({ where, block }) => {
  const result = validatePipeline(asDocument(block));
  expect({ where, error: result.ok ? undefined : result.error.message }).toEqual({ where, error: undefined });
});
