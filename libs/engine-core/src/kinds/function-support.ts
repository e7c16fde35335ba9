/**
 * Which catalogue functions a backend computes, the functions' twin of kind-support: each
 * backend's function table has an entry for every function, its implementation or
 * `unsupported(...)`, and a pipeline calling a function its backend does not compute is refused
 * at validation (V-014) instead of failing half-way through a run.
 */
import { FUNCTION_NAMES, type FunctionName, type Source } from '@pipeline/definition';
import { isUnsupported, type Unsupported } from './kind-support';

/**
 * A function a backend computes except for some calls, which it refuses at validation like a
 * function it does not compute: `refusedCalls` says which in words (the docs' tables), `refuses`
 * why it refuses one call (its parsed arguments), or undefined when it computes it.
 */
export interface PartlySupported {
  readonly refusedCalls: string;
  readonly refuses: (args: readonly unknown[]) => string | undefined;
}

/** Marks a function a backend refuses some calls of (see PartlySupported). */
export function partlySupported(refusedCalls: string, refuses: PartlySupported['refuses']): PartlySupported {
  return { refusedCalls, refuses };
}

/** True for a `partlySupported(...)` entry (or an implementation carrying one). */
export function isPartlySupported(entry: unknown): entry is PartlySupported {
  return (typeof entry === 'object' || typeof entry === 'function') && entry !== null && typeof (entry as Partial<PartlySupported>).refuses === 'function';
}

/** A backend's function table reduced to what validation needs: `true`, the reason it is refused, or which calls are. */
export type FunctionSupport = { readonly [F in FunctionName]: true | Unsupported | PartlySupported };

/** The support of every function of a backend's function table. */
export function functionSupportOf(table: { readonly [F in FunctionName]: unknown }): FunctionSupport {
  const support: Partial<Record<FunctionName, true | Unsupported | PartlySupported>> = {};
  for (const name of FUNCTION_NAMES) {
    const entry = table[name];
    support[name] = isUnsupported(entry) ? entry : isPartlySupported(entry) ? partlySupported(entry.refusedCalls, entry.refuses) : true;
  }
  return support as FunctionSupport;
}

/**
 * The names of the functions a source's expressions call, in document order (lower-case, each
 * once). Expression trees are found wherever they sit in the source, so a new kind's expression
 * fields are covered without being listed here.
 */
export function functionsCalled(source: Source): string[] {
  return [...new Set(callsIn(source).map((c) => c.name))];
}

/** A call found in a source: the function's name (lower-case) and its parsed arguments. */
export interface CallFound {
  readonly name: string;
  readonly args: readonly unknown[];
}

/** Every call of a source's expressions, in document order (see functionsCalled). */
export function callsIn(source: Source): CallFound[] {
  const calls: CallFound[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as { kind?: unknown; name?: unknown; span?: unknown; args?: unknown };
    if (node.kind === 'call' && typeof node.name === 'string' && node.span !== undefined) {
      calls.push({ name: node.name.toLowerCase(), args: Array.isArray(node.args) ? node.args : [] });
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(source);
  return calls;
}
