/**
 * The README's tables of what the service runs: every kind of the definition catalogue and every
 * function of the function catalogue, with what each backend does with it. Generated from the
 * catalogues and the backends' own tables, so the README cannot drift from the code
 * (`language-tables.spec.ts` compares them; `UPDATE_DOCS=1` rewrites the README section).
 */
import { FUNCTION_CATALOGUE, FUNCTION_NAMES, KIND_NAMES, describeArity, kindOf } from '@pipeline/definition';
import { BACKEND_DRIVERS, BACKEND_NAMES } from '../backend-drivers';
import type { BackendName } from '../backend-name';
import { JS_FUNCTIONS } from '../danfo/js-functions';
import { DUCKDB_FUNCTIONS } from '../duckdb/compile-expression';
import { isUnsupported } from '../kinds/kind-support';

/** Each backend's function table (an entry is its implementation, or why it has none). */
const FUNCTION_TABLES: { readonly [B in BackendName]: Readonly<Record<string, unknown>> } = {
  duckdb: DUCKDB_FUNCTIONS,
  danfo: JS_FUNCTIONS,
};

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function supportCell(entry: unknown): string {
  return isUnsupported(entry) ? `no (${cell(entry.unsupported)})` : 'yes';
}

/** One row per kind: canonical name, the spec's key, role, description, one column per backend. */
export function kindsTable(): string {
  const header = `| kind | Teckel key | role | what it does | ${BACKEND_NAMES.join(' | ')} |`;
  const rule = `|---|---|---|---|${BACKEND_NAMES.map(() => '---').join('|')}|`;
  const rows = KIND_NAMES.map((kind) => {
    const entry = kindOf(kind);
    const backends = BACKEND_NAMES.map((b) => {
      if (entry.role !== 'transformation') return 'yes';
      return supportCell(BACKEND_DRIVERS[b].kinds[kind as keyof (typeof BACKEND_DRIVERS)[typeof b]['kinds']]);
    });
    return `| \`${kind}\` | \`${entry.specKey ?? kind}\` | ${entry.role} | ${cell(entry.description)} | ${backends.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

/** One row per function: name, category, arity, description, one column per backend. */
export function functionsTable(): string {
  const header = `| function | category | arguments | what it computes | ${BACKEND_NAMES.join(' | ')} |`;
  const rule = `|---|---|---|---|${BACKEND_NAMES.map(() => '---').join('|')}|`;
  const rows = FUNCTION_NAMES.map((name) => {
    const spec = FUNCTION_CATALOGUE[name];
    const backends = BACKEND_NAMES.map((b) => supportCell(FUNCTION_TABLES[b][name] ?? { unsupported: 'not implemented' }));
    return `| \`${name}\` | ${spec.category} | ${describeArity(spec)} | ${cell(spec.description)} | ${backends.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
