/**
 * The generated tables of docs/language.md (kinds, functions, refused parts) and docs/formats.md
 * (format options) come from the catalogues: this test fails when they drift.
 * `UPDATE_DOCS=1 npx jest -c libs/engine/jest.config.js --testPathPatterns language-tables` rewrites them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FORMATS, FORMAT_OPTIONS, KIND_NAMES, FUNCTION_NAMES, WINDOW_FUNCTIONS } from '@pipeline/definition';
import { functionCatalogue, functionsTable, kindCatalogue, kindsTable, refusedTable } from './language-tables';
import { SPEC_FUNCTIONS, SPEC_SYNTAX_FUNCTIONS } from './spec-functions';
import { formatOptionsTable } from './format-options-table';

const DOCS = path.join(__dirname, '..', '..', '..', '..', 'docs');

function section(text: string, name: string, page: string): { start: number; end: number } {
  const open = `<!-- generated:${name} -->\n`;
  const close = `\n<!-- /generated:${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`docs/${page} has no generated:${name} section`);
  return { start: start + open.length, end };
}

describe('the generated tables of the docs', () => {
  const tables = { kinds: kindsTable(), functions: functionsTable(), refused: refusedTable() };

  it('list every kind and every function, with one column per backend', () => {
    expect(tables.kinds.split('\n')).toHaveLength(KIND_NAMES.length + 2);
    expect(tables.functions.split('\n')).toHaveLength(FUNCTION_NAMES.length + Object.keys(WINDOW_FUNCTIONS).length + 2);
    expect(tables.kinds).toContain('| `group_by` | `group` | transformation |');
    expect(tables.kinds.split('\n')[0]).toMatch(/\| duckdb \| danfo \| spark \|$/);
    expect(tables.functions).toMatch(/\| `count` \| aggregate \| 9\.13\.1 \| 1 argument \| .* \| yes \| yes \| yes \|/);
    expect(tables.functions).toMatch(/\| `concat_ws` \| string \| extra \| /);
  });

  it('come from the structured catalogues, one entry per kind and function', () => {
    const kinds = kindCatalogue();
    expect(kinds.map((k) => k.kind)).toEqual([...KIND_NAMES]);
    expect(kinds.find((k) => k.kind === 'group_by')).toEqual(
      expect.objectContaining({ specKey: 'group', role: 'transformation', backends: { duckdb: 'yes', danfo: 'yes', spark: 'yes' } }),
    );
    const functions = functionCatalogue();
    expect(functions.map((f) => f.name)).toEqual([...FUNCTION_NAMES, ...Object.keys(WINDOW_FUNCTIONS)]);
    expect(functions.find((f) => f.name === 'count')).toEqual(
      expect.objectContaining({ category: 'aggregate', spec: '9.13.1', arguments: '1 argument', backends: { duckdb: 'yes', danfo: 'yes', spark: 'yes' } }),
    );
  });

  it('hold every function the specification requires (9.13), each marked with its subsection', () => {
    const names = functionCatalogue().map((f) => f.name);
    const required = Object.keys(SPEC_FUNCTIONS).filter((name) => !SPEC_SYNTAX_FUNCTIONS.includes(name));
    expect(required.filter((name) => !names.includes(name))).toEqual([]);
    expect(required.length).toBeGreaterThan(110);
    for (const name of required) expect(tables.functions).toContain(`| \`${name}\` |`);
    expect(functionCatalogue().find((f) => f.name === 'explode')?.spec).toBe('9.13.7');
  });

  it('list what is refused on purpose with the reason', () => {
    expect(tables.refused).toContain('| `sql` | transformation kind (V-005) | raw SQL would bypass validation and the data-root sandbox; use the transformation kinds |');
    expect(tables.refused).toMatch(/\| `hooks` \| top-level key \(V-006\) \| .+ \|/);
  });

  it('list every option of every format, with its default and meaning', () => {
    const options = formatOptionsTable();
    const count = FORMATS.reduce((n, f) => n + FORMAT_OPTIONS[f].length, 0);
    expect(options.split('\n')).toHaveLength(count + 2);
    expect(options).toContain('| csv | `sep` | `delimiter` | text | `,` | ');
    expect(options).toContain('| csv | `nullValue` |  | text | empty | ');
    expect(options).toMatch(/\| parquet \| `compression` \| {2}\| text \| {2}\| .+ \|/);
  });

  /** Each generated table, the docs page that holds it. */
  const pages: Record<string, { page: string; table: string }> = {
    kinds: { page: 'language.md', table: tables.kinds },
    functions: { page: 'language.md', table: tables.functions },
    refused: { page: 'language.md', table: tables.refused },
    options: { page: 'formats.md', table: formatOptionsTable() },
  };

  it('are current in docs/language.md and docs/formats.md', () => {
    for (const page of new Set(Object.values(pages).map((p) => p.page))) {
      const file = path.join(DOCS, page);
      let text = fs.readFileSync(file, 'utf8');
      const here = Object.entries(pages).filter(([, p]) => p.page === page);
      if (process.env['UPDATE_DOCS'] === '1') {
        for (const [name, { table }] of here) {
          const { start, end } = section(text, name, page);
          text = text.slice(0, start) + table + text.slice(end);
        }
        fs.writeFileSync(file, text);
      }
      for (const [name, { table }] of here) {
        const { start, end } = section(text, name, page);
        expect({ page, name, table: text.slice(start, end) }).toEqual({ page, name, table });
      }
    }
  });
});
