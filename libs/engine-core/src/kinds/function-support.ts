/**
 * Which catalogue functions a backend computes, the functions' twin of kind-support: each
 * backend's function table has an entry for every function, its implementation or
 * `unsupported(...)`, and a pipeline calling a function its backend does not compute is refused
 * at validation (V-014) instead of failing half-way through a run.
 */
import { FUNCTION_NAMES, type FunctionName, type Source } from '@pipeline/definition';
import { isUnsupported, type Unsupported } from './kind-support';

/** A backend's function table reduced to what validation needs: `true`, or the reason it is refused. */
export type FunctionSupport = { readonly [F in FunctionName]: true | Unsupported };

/** The support of every function of a backend's function table. */
export function functionSupportOf(table: { readonly [F in FunctionName]: unknown }): FunctionSupport {
  const support: Partial<Record<FunctionName, true | Unsupported>> = {};
  for (const name of FUNCTION_NAMES) {
    const entry = table[name];
    support[name] = isUnsupported(entry) ? entry : true;
  }
  return support as FunctionSupport;
}

/**
 * The names of the functions a source's expressions call, in document order (lower-case, each
 * once). Expression trees are found wherever they sit in the source, so a new kind's expression
 * fields are covered without being listed here.
 */
export function functionsCalled(source: Source): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as { kind?: unknown; name?: unknown; span?: unknown };
    if (node.kind === 'call' && typeof node.name === 'string' && node.span !== undefined) names.add(node.name.toLowerCase());
    for (const child of Object.values(value)) visit(child);
  };
  visit(source);
  return [...names];
}
