/** Validation's view of backend support: V-014 before a job is accepted. */
import type { AssetDefinition } from '@pipeline/definition';
import { validationErrors, type ValidationError } from '@pipeline/validation';
import { BACKEND_DRIVERS } from '../backend-drivers';
import { type BackendName, firstUnsupportedFunction, firstUnsupportedKind } from '@pipeline/engine-core';

/**
 * V-014 for the first asset of a validated pipeline (document order) whose kind `backend` does
 * not run, else for the first asset calling a function it does not compute.
 */
export function checkBackendSupport(assets: readonly AssetDefinition[], backend: BackendName): ValidationError | undefined {
  const driver = BACKEND_DRIVERS[backend];
  const kind = firstUnsupportedKind(assets, driver.kinds);
  const call = kind === undefined ? firstUnsupportedFunction(assets, driver.functions) : undefined;
  const found = kind === undefined ? (call === undefined ? undefined : { index: call.index, ref: call.ref, what: `function "${call.name}"`, reason: call.reason }) : { ...kind, what: kind.kind };
  if (found === undefined) return undefined;
  const position = assets[found.index].position;
  return validationErrors.unsupportedByBackend(
    { name: found.ref, number: position.index + 1 },
    found.what,
    backend,
    found.reason,
    position.line === undefined ? {} : { line: position.line },
  );
}
