/**
 * Whether a backend runs every kind of a pipeline, asked before anything runs: a job is refused at
 * submission with V-014, and a plan on a session's backend is refused before its first step, so
 * nothing fails half-way for lack of support.
 */
import type { Source } from '@pipeline/definition';
import type { BackendName } from '../backend-name';
import { unsupportedKind } from '../errors';
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

/** E_UNSUPPORTED_KIND for the first step a backend does not run (a session's plan), before any runs. */
export function requireBackendSupport(
  steps: readonly { readonly ref: string; readonly source: Source }[],
  backend: BackendName,
  support: KindSupport,
): void {
  const found = firstUnsupportedKind(steps, support);
  if (found !== undefined) throw unsupportedKind(found.ref, found.kind, backend, found.reason);
}
