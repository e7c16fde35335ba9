/**
 * Each project's `typecheck` is one `tsc -b` over its tsconfig.json (its lib or app program, then
 * its spec program); dependencies are read from the declarations their own `typecheck` emitted
 * (dist/out-tsc), not checked again. These checks keep that from checking less than the two
 * `tsc -p --noEmit` passes it replaced: every file in one program, the base strictness, references
 * matching the imports, and a type error in a lib file, a spec file or a dependency failing it.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(ROOT, 'tools/scripts/tsconfig-references.cjs');

interface Project { root: string; lib?: string; spec: string }

const projects: Project[] = ['apps', 'libs']
  .flatMap((d) => fs.readdirSync(path.join(ROOT, d)).map((n) => `${d}/${n}`))
  .concat('tools/scripts')
  .filter((root) => fs.existsSync(path.join(ROOT, root, 'project.json')))
  .map((root) => {
    const lib = ['tsconfig.lib.json', 'tsconfig.app.json'].find((f) => fs.existsSync(path.join(ROOT, root, f)));
    return lib ? { root, lib, spec: 'tsconfig.spec.json' } : { root, spec: 'tsconfig.spec.json' };
  });

function fileNames(config: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } });
  if (!parsed) throw new Error(`cannot read ${config}`);
  return parsed.fileNames.map((f) => path.relative(ROOT, f));
}

function tsFilesUnder(dir: string): string[] {
  if (!fs.existsSync(path.join(ROOT, dir))) return [];
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFilesUnder(rel);
    return entry.name.endsWith('.ts') ? [rel] : [];
  });
}

describe('typecheck', () => {
  it('is one tsc -b per project over a tsconfig.json that holds its lib and spec programs, after its dependencies', () => {
    expect(projects.length).toBeGreaterThan(20);
    for (const p of projects) {
      const target = JSON.parse(fs.readFileSync(path.join(ROOT, p.root, 'project.json'), 'utf8')).targets.typecheck;
      expect({ root: p.root, command: target.options.command, cwd: target.options.cwd }).toEqual({
        root: p.root,
        command: 'tsc -b tsconfig.json --emitDeclarationOnly',
        cwd: p.root,
      });
      expect(target.dependsOn).toContain('^typecheck');
      const solution = JSON.parse(fs.readFileSync(path.join(ROOT, p.root, 'tsconfig.json'), 'utf8'));
      expect({ root: p.root, refs: solution.references.map((r: { path: string }) => path.normalize(r.path)).sort() }).toEqual({
        root: p.root,
        refs: [p.lib, p.spec].filter(Boolean).sort(),
      });
    }
  });

  it("puts every TypeScript file of a project in exactly one of its programs, tests in the spec's", () => {
    for (const p of projects) {
      const lib = p.lib ? fileNames(path.join(ROOT, p.root, p.lib)) : [];
      const spec = fileNames(path.join(ROOT, p.root, p.spec));
      expect({ root: p.root, both: lib.filter((f) => spec.includes(f)) }).toEqual({ root: p.root, both: [] });
      const all = [...tsFilesUnder(path.join(p.root, 'src')), ...tsFilesUnder(path.join(p.root, 'test'))].sort();
      expect({ root: p.root, files: [...lib, ...spec].sort() }).toEqual({ root: p.root, files: all });
      expect({ root: p.root, testsInLib: lib.filter((f) => /\.spec\.ts$|\/__fixtures__\/|\/test\//.test(f)) }).toEqual({ root: p.root, testsInLib: [] });
    }
  });

  it("keeps tsconfig.base.json's strictness in every program", () => {
    // What a project may set for itself: where declarations go, that it is referenced, the test
    // runner's globals, and the console's browser module settings.
    const allowed = new Set(['outDir', 'composite', 'types', 'module', 'moduleResolution', 'lib']);
    for (const p of projects) {
      for (const config of [p.lib, p.spec].filter((c): c is string => !!c)) {
        const json = JSON.parse(fs.readFileSync(path.join(ROOT, p.root, config), 'utf8'));
        expect({ config: `${p.root}/${config}`, extends: json.extends, own: Object.keys(json.compilerOptions).filter((k) => !allowed.has(k)) }).toEqual({
          config: `${p.root}/${config}`,
          extends: '../../tsconfig.base.json',
          own: [],
        });
        expect(json.compilerOptions.composite).toBe(true);
      }
    }
  });

  it('references exactly the projects whose declarations each program reads (tools/scripts/tsconfig-references.cjs)', () => {
    const result = spawnSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: 'utf8' });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });

  describe('on a copy of libs/errors and libs/server-kit (server-kit depends on errors)', () => {
    let dir: string;
    const build = () =>
      spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'tsconfig.json', '--emitDeclarationOnly'], {
        cwd: path.join(dir, 'libs/server-kit'),
        encoding: 'utf8',
      });
    /** Runs the typecheck with `line` appended to `file`, then puts the file back. */
    const withLine = (file: string, line: string) => {
      const full = path.join(dir, file);
      const before = fs.readFileSync(full, 'utf8');
      fs.writeFileSync(full, `${before}\n${line}\n`);
      try {
        return build();
      } finally {
        fs.writeFileSync(full, before);
      }
    };

    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'typecheck-'));
      fs.copyFileSync(path.join(ROOT, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
      for (const lib of ['errors', 'server-kit']) fs.cpSync(path.join(ROOT, 'libs', lib), path.join(dir, 'libs', lib), { recursive: true });
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('passes as it is', () => {
      const result = build();
      expect({ status: result.status, out: result.stdout }).toEqual({ status: 0, out: '' });
    }, 120_000);

    it.each([
      ['a lib file', 'libs/server-kit/src/banner.ts'],
      ['a spec file', 'libs/server-kit/src/config.spec.ts'],
      ["a dependency's lib file", 'libs/errors/src/scrub.ts'],
    ])('fails on a type error in %s', (_what, file) => {
      const result = withLine(file, "export const probe: number = 'not a number';");
      expect(result.status).not.toBe(0);
      expect(result.stdout).toContain(`${path.basename(file)}(`);
      expect(result.stdout).toContain('TS2322');
    }, 120_000);

    it('fails on a missing reference, and the reference script names the config to fix', () => {
      const config = path.join(dir, 'libs/server-kit/tsconfig.lib.json');
      const before = fs.readFileSync(config, 'utf8');
      const json = JSON.parse(before);
      expect(json.references).toEqual([{ path: '../errors/tsconfig.lib.json' }]);
      fs.writeFileSync(config, JSON.stringify({ ...json, references: [] }));
      try {
        const result = build();
        expect(result.status).not.toBe(0);
        expect(result.stdout).toContain('TS6307');
        const check = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, TSCONFIG_REFERENCES_ROOT: dir }, encoding: 'utf8' });
        expect(check.status).toBe(1);
        expect(check.stderr).toContain('libs/server-kit/tsconfig.lib.json');
      } finally {
        fs.writeFileSync(config, before);
      }
      const check = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, TSCONFIG_REFERENCES_ROOT: dir }, encoding: 'utf8' });
      expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
    }, 120_000);

    it('fails on a spec that imports a module that does not exist, and on test globals in a lib file', () => {
      const missing = withLine('libs/server-kit/src/config.spec.ts', "import { nothing } from './generated/none';\nvoid nothing;");
      expect(missing.status).not.toBe(0);
      expect(missing.stdout).toContain('TS2307');
      const globals = withLine('libs/server-kit/src/banner.ts', "describe('x', () => undefined);");
      expect(globals.status).not.toBe(0);
      expect(globals.stdout).toContain("Cannot find name 'describe'");
    }, 120_000);
  });
});
