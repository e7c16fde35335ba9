/** Validation's view of backend support: V-014 before a job is accepted. */
import type { AssetDefinition } from '@pipeline/definition';
import { validationErrors, type ValidationError } from '@pipeline/validation';
import { BACKEND_DRIVERS } from '../backend-drivers';
import type { BackendName } from '../backend-name';
import { firstUnsupportedKind } from './backend-support';

/** V-014 for the first asset of a validated pipeline (document order) that `backend` does not run. */
export function checkBackendSupport(assets: readonly AssetDefinition[], backend: BackendName): ValidationError | undefined {
  const found = firstUnsupportedKind(assets, BACKEND_DRIVERS[backend].kinds);
  if (found === undefined) return undefined;
  const position = assets[found.index].position;
  return validationErrors.unsupportedByBackend(
    { name: found.ref, number: position.index + 1 },
    found.kind,
    backend,
    found.reason,
    position.line === undefined ? {} : { line: position.line },
  );
}
