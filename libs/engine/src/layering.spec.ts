/**
 * The engine's layering is held by the lint rule, not by convention: the core imports no backend
 * and no backend imports another (scope:engine-* in the root eslint.config.mjs). Each case lints
 * one import as if it were written in that project's sources, in one real ESLint process (ESLint
 * loads the flat config by a dynamic import, which Jest's module sandbox refuses).
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.join(__dirname, '..', '..', '..');

type Case = readonly [project: string, importFrom: string];

const REFUSED: readonly Case[] = [
  ['engine-core', '@pipeline/engine-duckdb'],
  ['engine-core', '@pipeline/engine-danfo'],
  ['engine-core', '@pipeline/engine-spark'],
  ['engine-core', '@pipeline/engine'],
  ['engine-duckdb', '@pipeline/engine-danfo'],
  ['engine-danfo', '@pipeline/engine-spark'],
  ['engine-spark', '@pipeline/engine-duckdb'],
  ['engine-duckdb', '@pipeline/engine'],
];
const ALLOWED: readonly Case[] = [
  ['engine-duckdb', '@pipeline/engine-core'],
  ['engine-danfo', '@pipeline/engine-core'],
  ['engine-spark', '@pipeline/engine-core'],
  ['engine', '@pipeline/engine-duckdb'],
];

const LINT_CASES = `
const { ESLint } = require('eslint');
const path = require('node:path');
(async () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const out = [];
  for (const [project, from] of JSON.parse(process.argv[1])) {
    const code = "import * as other from '" + from + "';\\nexport const probe = other;\\n";
    const filePath = path.join(process.cwd(), 'libs', project, 'src', 'layering-probe.ts');
    const [result] = await eslint.lintText(code, { filePath });
    out.push(result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message));
  }
  process.stdout.write(JSON.stringify(out));
})().catch((e) => { console.error(e); process.exit(1); });
`;

let messages: string[][];

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', LINT_CASES, JSON.stringify([...REFUSED, ...ALLOWED])], {
    cwd: ROOT,
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  });
  messages = JSON.parse(stdout) as string[][];
}, 180_000);

describe('engine layering', () => {
  it.each(REFUSED.map((c, i) => [...c, i] as const))('refuses an import into %s of %s', (_project, _from, i) => {
    expect(messages[i]).toEqual([expect.stringMatching(/^(Circular dependency between|A project tagged with)/)]);
  });

  it.each(ALLOWED.map((c, i) => [...c, REFUSED.length + i] as const))('allows an import into %s of %s', (_project, _from, i) => {
    expect(messages[i]).toEqual([]);
  });
});
