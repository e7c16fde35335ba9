/**
 * Whether a backend runs every kind of a pipeline, asked before anything runs: a job is refused at
 * submission with V-014, and a plan on a session's backend is refused before its first step, so
 * nothing fails half-way for lack of support.
 */
import { isFunctionName, type OutputSource, type Source } from '@pipeline/definition';
import type { BackendName } from '../backend-name';
import { unsupportedFunction, unsupportedKind, unsupportedOutput } from '../errors';
import { callsIn, type FunctionSupport, isPartlySupported } from './function-support';
import { isUnsupported, type KindSupport } from './kind-support';

/** The first asset (in the order given) whose kind `backend` does not run, and why. */
export function firstUnsupportedKind(
  assets: readonly { readonly ref: string; readonly source: Source }[],
  support: KindSupport,
): { readonly ref: string; readonly index: number; readonly kind: string; readonly reason: string } | undefined {
  for (const [index, { ref, source }] of assets.entries()) {
    if (source.kind === 'input' || source.kind === 'output') continue;
    const entry = support[source.kind];
    if (isUnsupported(entry)) return { ref, index, kind: source.kind, reason: entry.unsupported };
  }
  return undefined;
}

/** The first asset (in the order given) that calls a function `backend` does not compute, and why. */
export function firstUnsupportedFunction(
  assets: readonly { readonly ref: string; readonly source: Source }[],
  support: FunctionSupport,
): { readonly ref: string; readonly index: number; readonly name: string; readonly reason: string } | undefined {
  for (const [index, { ref, source }] of assets.entries()) {
    for (const { name, args } of callsIn(source)) {
      if (!isFunctionName(name)) continue;
      const entry = support[name];
      if (isUnsupported(entry)) return { ref, index, name, reason: entry.unsupported };
      const reason = isPartlySupported(entry) ? entry.refuses(args) : undefined;
      if (reason !== undefined) return { ref, index, name, reason };
    }
  }
  return undefined;
}

/** Why a backend refuses an output as defined (its format and options), or undefined when it writes it. */
export type OutputSupport = (output: OutputSource) => string | undefined;

/** The first output (in the order given) `backend` refuses as defined, and why. */
export function firstUnsupportedOutput(
  assets: readonly { readonly ref: string; readonly source: Source }[],
  support: OutputSupport,
): { readonly ref: string; readonly index: number; readonly format: string; readonly reason: string } | undefined {
  for (const [index, { ref, source }] of assets.entries()) {
    if (source.kind !== 'output') continue;
    const reason = support(source);
    if (reason !== undefined) return { ref, index, format: source.format, reason };
  }
  return undefined;
}

/**
 * E_UNSUPPORTED_KIND for the first step a backend does not run (a session's plan), then
 * E_UNSUPPORTED_FUNCTION for the first step calling a function it does not compute, then
 * E_UNSUPPORTED_FORMAT for the first output it does not write as defined, before any runs.
 */
export function requireBackendSupport(
  steps: readonly { readonly ref: string; readonly source: Source }[],
  backend: BackendName,
  support: KindSupport,
  functions?: FunctionSupport,
  outputs?: OutputSupport,
): void {
  const found = firstUnsupportedKind(steps, support);
  if (found !== undefined) throw unsupportedKind(found.ref, found.kind, backend, found.reason);
  const call = functions === undefined ? undefined : firstUnsupportedFunction(steps, functions);
  if (call !== undefined) throw unsupportedFunction(call.ref, call.name, backend, call.reason);
  const output = outputs === undefined ? undefined : firstUnsupportedOutput(steps, outputs);
  if (output !== undefined) throw unsupportedOutput(output.ref, output.format, backend, output.reason);
}
