/**
 * The documentation as a whole: the index (docs/README.md) links every page under docs/, every
 * link of the README and the docs resolves to a file of this repository (and a `#fragment` to a
 * heading of it), nothing points outside the repository, and the README's set-up commands are
 * the package scripts that CI runs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const DOCS = path.join(ROOT, 'docs');

/** Every markdown file under `dir`, as absolute paths. */
function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

const PAGES = [path.join(ROOT, 'README.md'), ...markdownFiles(DOCS)];

/** The text a reader sees as prose: fenced blocks and inline code removed (their URLs are examples). */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of the page's markdown links and images, `[text](target)`. */
function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);
}

/** GitHub's anchors of a page's headings (lower case, punctuation dropped, spaces as `-`, repeats numbered). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = (m[1] as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** Hosts a page may name in a URL: the servers it documents on this machine. */
const LOCAL_URL = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/;

const rel = (file: string) => path.relative(ROOT, file);

describe('the documentation', () => {
  it('has an index that links every page under docs/', () => {
    const index = path.join(DOCS, 'README.md');
    const linked = new Set(
      linkTargets(fs.readFileSync(index, 'utf8'))
        .filter((t) => !/^[a-z]+:/i.test(t))
        .map((t) => path.resolve(DOCS, t.split('#')[0] as string)),
    );
    const pages = markdownFiles(DOCS).filter((p) => p !== index);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.filter((p) => !linked.has(p)).map(rel)).toEqual([]);
    // And the README leads to the index.
    expect(linkTargets(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'))).toContain('docs/README.md');
  });

  it('links only to files of this repository that exist, and to headings they have', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const text = fs.readFileSync(page, 'utf8');
      for (const target of linkTargets(text)) {
        const where = `${rel(page)}: (${target})`;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
          if (!LOCAL_URL.test(target)) broken.push(`${where} leaves the repository`);
          continue;
        }
        const [file, fragment] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? page : path.resolve(path.dirname(page), decodeURIComponent(file));
        if (path.isAbsolute(file) || path.relative(ROOT, resolved).startsWith('..')) {
          broken.push(`${where} points outside the repository`);
        } else if (!fs.existsSync(resolved)) {
          broken.push(`${where} names a file that does not exist`);
        } else if (fragment !== undefined && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(fragment)) {
          broken.push(`${where} names a heading ${rel(resolved)} does not have`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('names no address outside this machine in its prose, and no path outside the repository', () => {
    const outside: string[] = [];
    for (const page of PAGES) {
      const text = prose(fs.readFileSync(page, 'utf8'));
      for (const m of text.matchAll(/https?:\/\/[^\s)>\]]+/g)) if (!LOCAL_URL.test(m[0])) outside.push(`${rel(page)}: ${m[0]}`);
      for (const m of text.matchAll(/(?:^|[\s(`'"])(\.\.\/)+(?:shared|spec)\b[^\s)]*/g)) outside.push(`${rel(page)}: ${m[0].trim()}`);
    }
    expect(outside).toEqual([]);
  });

  it('gives the README\'s set-up commands as the package scripts that CI runs', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const setup = /## Set up\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    const commands = (setup ?? '').trim().split('\n').map((line) => line.replace(/\s+#.*$/, ''));
    expect(commands).toEqual(['npm install && npm start', 'npm install && npm test']);
    const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['start']).toBe('exec node tools/scripts/start.js');
    expect(scripts['test']).toMatch(/^nx run-many -t test\b/);
    // CI runs the README's test command as such, not a copy of what the script does.
    expect(fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8').split('\n')).toContain('npm test');
  });
});
