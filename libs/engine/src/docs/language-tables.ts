/**
 * The tables of docs/language.md of what the service runs: every kind of the definition catalogue
 * and every function of the function catalogue, with what each backend does with it. Generated
 * from the catalogues and the backends' own tables, so the page cannot drift from the code
 * (`language-tables.spec.ts` compares them; `UPDATE_DOCS=1` rewrites the page's sections).
 */
import { FUNCTION_CATALOGUE, FUNCTION_NAMES, KIND_NAMES, WINDOW_FUNCTIONS, describeArity, kindOf } from '@pipeline/definition';
import { BACKEND_DRIVERS, BACKEND_NAMES } from '../backend-drivers';
import { type BackendName, isPartlySupported, isUnsupported } from '@pipeline/engine-core';
import { JS_FUNCTIONS } from '@pipeline/engine-danfo';
import { DUCKDB_FUNCTIONS } from '@pipeline/engine-duckdb';
import { SPARK_FUNCTIONS } from '@pipeline/engine-spark';
import { REFUSED_KINDS, REFUSED_TOP_LEVEL } from '@pipeline/validation';
import { SPEC_FUNCTIONS } from './spec-functions';

/** Each backend's function table (an entry is its implementation, or why it has none). */
const FUNCTION_TABLES: { readonly [B in BackendName]: Readonly<Record<string, unknown>> } = {
  duckdb: DUCKDB_FUNCTIONS,
  danfo: JS_FUNCTIONS,
  spark: SPARK_FUNCTIONS,
};

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** What a backend does with a kind or function: `yes`, `yes, but not <calls it refuses>`, or `no (<why>)`. */
function support(entry: unknown): string {
  if (isUnsupported(entry)) return `no (${entry.unsupported})`;
  return isPartlySupported(entry) ? `yes, but not ${entry.refusedCalls} (refused)` : 'yes';
}

/** One kind of the catalogue, with what each backend does with it (`yes` or `no (<why>)`). */
export interface KindCatalogueEntry {
  /** The canonical snake_case name. */
  readonly kind: string;
  /** The Teckel specification's operation key. */
  readonly specKey: string;
  readonly role: string;
  readonly description: string;
  readonly backends: { readonly [B in BackendName]: string };
}

/** One function of the catalogue, with what each backend does with it (`yes` or `no (<why>)`). */
export interface FunctionCatalogueEntry {
  readonly name: string;
  readonly category: string;
  /** The Teckel specification's subsection listing it (`9.13.7`), or `extra` for one this service adds. */
  readonly spec: string;
  /** The accepted arguments, in words (`1 argument`, `2 or more arguments`, ...). */
  readonly arguments: string;
  readonly description: string;
  readonly backends: { readonly [B in BackendName]: string };
}

/** Every kind, in catalogue order. */
export function kindCatalogue(): KindCatalogueEntry[] {
  return KIND_NAMES.map((kind) => {
    const entry = kindOf(kind);
    const backends = Object.fromEntries(
      BACKEND_NAMES.map((b) => [
        b,
        entry.role !== 'transformation'
          ? 'yes'
          : support(BACKEND_DRIVERS[b].kinds[kind as keyof (typeof BACKEND_DRIVERS)[typeof b]['kinds']]),
      ]),
    ) as KindCatalogueEntry['backends'];
    return { kind, specKey: entry.specKey ?? kind, role: entry.role, description: entry.description, backends };
  });
}

/** Every function, in catalogue order, then the window functions (both backends compute them). */
export function functionCatalogue(): FunctionCatalogueEntry[] {
  const catalogue = FUNCTION_NAMES.map((name) => {
    const spec = FUNCTION_CATALOGUE[name];
    const backends = Object.fromEntries(
      BACKEND_NAMES.map((b) => [b, support(FUNCTION_TABLES[b][name] ?? { unsupported: 'not implemented' })]),
    ) as FunctionCatalogueEntry['backends'];
    return { name, category: spec.category, spec: specSection(name), arguments: describeArity(spec), description: spec.description, backends };
  });
  const windows = (Object.keys(WINDOW_FUNCTIONS) as (keyof typeof WINDOW_FUNCTIONS)[]).map((name) => {
    const spec = WINDOW_FUNCTIONS[name];
    const backends = Object.fromEntries(BACKEND_NAMES.map((b) => [b, 'yes'])) as FunctionCatalogueEntry['backends'];
    return { name, category: 'window', spec: specSection(name), arguments: describeArity(spec), description: `${spec.description} With OVER (...) or in a window step.`, backends };
  });
  return [...catalogue, ...windows];
}

/** One row per kind: canonical name, the spec's key, role, description, one column per backend. */
export function kindsTable(): string {
  const header = `| kind | Teckel key | role | what it does | ${BACKEND_NAMES.join(' | ')} |`;
  const rule = `|---|---|---|---|${BACKEND_NAMES.map(() => '---').join('|')}|`;
  const rows = kindCatalogue().map((k) => {
    const backends = BACKEND_NAMES.map((b) => cell(k.backends[b]));
    return `| \`${k.kind}\` | \`${k.specKey}\` | ${k.role} | ${cell(k.description)} | ${backends.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

/** The spec subsection listing `name`, or `extra`. */
function specSection(name: string): string {
  return (SPEC_FUNCTIONS as Readonly<Record<string, string>>)[name] ?? 'extra';
}

/** One row per function: name, category, spec subsection, arity, description, one column per backend. */
export function functionsTable(): string {
  const header = `| function | category | spec | arguments | what it computes | ${BACKEND_NAMES.join(' | ')} |`;
  const rule = `|---|---|---|---|---|${BACKEND_NAMES.map(() => '---').join('|')}|`;
  const rows = functionCatalogue().map((f) => {
    const backends = BACKEND_NAMES.map((b) => cell(f.backends[b]));
    return `| \`${f.name}\` | ${f.category} | ${f.spec} | ${f.arguments} | ${cell(f.description)} | ${backends.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

/** What the service refuses on purpose: the Teckel parts validation turns away, where, and why. */
export function refusedTable(): string {
  const rows = [
    ...Object.entries(REFUSED_TOP_LEVEL).map(([part, why]) => `| \`${part}\` | top-level key (V-006) | ${cell(why)} |`),
    ...Object.entries(REFUSED_KINDS).map(([kind, why]) => `| \`${kind}\` | transformation kind (V-005) | ${cell(why)} |`),
  ];
  return ['| part of the language | refused as | why |', '|---|---|---|', ...rows].join('\n');
}
