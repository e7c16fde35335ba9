#!/usr/bin/env node
// Keeps the TypeScript project references of every project's tsconfig.lib.json / tsconfig.app.json
// and tsconfig.spec.json in step with what its files import. `typecheck` runs `tsc -b`: each
// project's sources are checked once, by its own lib program, and its dependents read the
// declarations it emitted (dist/out-tsc) instead of checking its sources again. A reference left
// out fails `typecheck` too (TS6307: the dependency's source is not in the project's file list);
// this script says which ones to add.
// Usage: node tools/scripts/tsconfig-references.cjs [--write]   (without --write: check only)
const fs = require('node:fs');
const path = require('node:path');

// TSCONFIG_REFERENCES_ROOT: another workspace laid out the same way (the script's own test uses a copy).
const ROOT = process.env.TSCONFIG_REFERENCES_ROOT ?? path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', 'tmp', '.git', '.nx', 'coverage', 'generated']);
const { paths } = require(path.join(ROOT, 'tsconfig.base.json')).compilerOptions;

const isTestFile = (rel) => /\.spec\.ts$/.test(rel) || rel.split('/').includes('__fixtures__') || rel.startsWith('test/');

function tsFiles(dir, rel = '') {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : tsFiles(path.join(dir, entry.name), child);
    return entry.name.endsWith('.ts') ? [child] : [];
  });
}

/** The projects with a typecheck target, each with its lib (or app) and spec tsconfig. */
function projects() {
  const roots = ['apps', 'libs'].flatMap((d) => (fs.existsSync(path.join(ROOT, d)) ? fs.readdirSync(path.join(ROOT, d)) : []).map((n) => `${d}/${n}`));
  roots.push('tools/scripts');
  return roots
    .filter((root) => fs.existsSync(path.join(ROOT, root, 'tsconfig.spec.json')))
    .map((root) => {
      const lib = ['tsconfig.lib.json', 'tsconfig.app.json'].find((f) => fs.existsSync(path.join(ROOT, root, f)));
      return { root, lib, spec: 'tsconfig.spec.json' };
    });
}

/** Which config (`<root>/<tsconfig>`) an import specifier leads to, if another project's. */
const aliasTargets = Object.entries(paths).map(([alias, [target]]) => {
  const root = target.split('/').slice(0, 2).join('/');
  const config = target.includes('/__fixtures__/') ? `${root}/tsconfig.spec.json` : null;
  return { alias, root, config };
});

function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const found = new Set();
  for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*|import\s+)['"](@pipeline\/[^'"]+)['"]/g)) found.add(m[1]);
  return [...found];
}

function compute() {
  const all = projects();
  const libConfig = new Map(all.filter((p) => p.lib).map((p) => [p.root, `${p.root}/${p.lib}`]));
  // Direct references of each config, then closed over: a dependency's declarations import its own
  // dependencies, which must come from their declarations too.
  const direct = new Map();
  for (const p of all) {
    const files = tsFiles(path.join(ROOT, p.root, 'src'), 'src').concat(tsFiles(path.join(ROOT, p.root, 'test'), 'test'));
    for (const [config, pick] of [
      [p.lib && `${p.root}/${p.lib}`, (f) => !isTestFile(f)],
      [`${p.root}/${p.spec}`, isTestFile],
    ]) {
      if (!config) continue;
      const refs = new Set();
      if (config.endsWith(p.spec) && p.lib) refs.add(`${p.root}/${p.lib}`);
      for (const f of files.filter(pick)) {
        for (const spec of importsOf(path.join(ROOT, p.root, f))) {
          const target = aliasTargets.find((a) => a.alias === spec);
          if (!target || target.root === p.root) continue;
          refs.add(target.config ?? libConfig.get(target.root));
        }
      }
      direct.set(config, refs);
    }
  }
  const closed = new Map();
  const close = (config, seen = []) => {
    if (closed.has(config)) return closed.get(config);
    if (seen.includes(config)) throw new Error(`reference cycle: ${[...seen, config].join(' -> ')}`);
    const out = new Set();
    for (const ref of direct.get(config) ?? []) {
      out.add(ref);
      for (const r of close(ref, [...seen, config])) out.add(r);
    }
    closed.set(config, out);
    return out;
  };
  return [...direct.keys()].map((config) => ({
    config,
    // The project's own lib first, then the others by path.
    references: [...close(config)]
      .map((ref) => path.relative(path.dirname(config), ref))
      .sort((a, b) => Number(a.includes('/')) - Number(b.includes('/')) || a.localeCompare(b)),
  }));
}

/** JSON as the tsconfigs are written: a value that fits on one line stays on one line. */
function format(value, indent = '') {
  const inline = JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ').replace(/([[{]) /g, '$1').replace(/ ([\]}])/g, '$1');
  const spaced = inline.replace(/^\{(.*)\}$/, '{ $1 }').replace(/\{"/g, '{ "').replace(/"\}/g, '" }');
  if (value === null || typeof value !== 'object' || indent.length + spaced.length <= 100) return spaced;
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((v) => `${inner}${format(v, inner)}`)
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`);
  return Array.isArray(value) ? `[\n${items.join(',\n')}\n${indent}]` : `{\n${items.join(',\n')}\n${indent}}`;
}

function main() {
  const write = process.argv.includes('--write');
  const stale = [];
  for (const { config, references } of compute()) {
    const file = path.join(ROOT, config);
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    const want = { ...json, compilerOptions: { ...json.compilerOptions, composite: true }, references: references.map((p) => ({ path: p })) };
    if (!references.length) delete want.references;
    const text = `${format(want)}\n`;
    if (fs.readFileSync(file, 'utf8') === text) continue;
    stale.push(config);
    if (write) fs.writeFileSync(file, text);
  }
  if (stale.length && !write) {
    console.error(`project references out of step with the imports in:\n  ${stale.join('\n  ')}\nrun: node tools/scripts/tsconfig-references.cjs --write`);
    process.exit(1);
  }
  if (write) console.log(stale.length ? `rewrote ${stale.join(', ')}` : 'references up to date');
}

if (require.main === module) main();
module.exports = { compute };
