/** Validation's view of backend support: V-014 before a job is accepted. */
import type { AssetDefinition } from '@pipeline/definition';
import { validationErrors, type ValidationError } from '@pipeline/validation';
import { BACKEND_DRIVERS } from '../backend-drivers';
import { type BackendDriver, type BackendName, firstUnsupportedFunction, firstUnsupportedKind, firstUnsupportedOutput } from '@pipeline/engine-core';

/**
 * V-014 for the first asset of a validated pipeline (document order) whose kind `backend` does
 * not run, else for the first asset calling a function it does not compute, else for the first
 * output it does not write as defined.
 */
export function checkBackendSupport(assets: readonly AssetDefinition[], backend: BackendName): ValidationError | undefined {
  const driver: BackendDriver = BACKEND_DRIVERS[backend];
  const found = unsupportedIn(assets, driver);
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

/** The first kind, else function, else output of `assets` that `driver` refuses: where, what and why. */
function unsupportedIn(assets: readonly AssetDefinition[], driver: BackendDriver): { index: number; ref: string; what: string; reason: string } | undefined {
  const kind = firstUnsupportedKind(assets, driver.kinds);
  if (kind !== undefined) return { ...kind, what: kind.kind };
  const call = firstUnsupportedFunction(assets, driver.functions);
  if (call !== undefined) return { index: call.index, ref: call.ref, what: `function "${call.name}"`, reason: call.reason };
  const output = driver.outputs === undefined ? undefined : firstUnsupportedOutput(assets, driver.outputs);
  return output === undefined ? undefined : { index: output.index, ref: output.ref, what: `this ${output.format} output`, reason: output.reason };
}
