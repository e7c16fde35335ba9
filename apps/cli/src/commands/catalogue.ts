/** `pipeline kinds` and `pipeline functions`: the language catalogue, with what each backend runs. */
import { BACKEND_NAMES, functionCatalogue, kindCatalogue } from '@pipeline/engine';
import { EXIT } from '../errors';
import { printJson, printTable, type Io } from '../io';

/** Every kind: name, Teckel key, role, one column per backend, description. */
export function kindsCommand(options: { readonly json?: boolean }, io: Io): number {
  const kinds = kindCatalogue();
  if (options.json === true) {
    printJson(io, { kinds });
    return EXIT.ok;
  }
  const rows = kinds.map((k) => [k.kind, k.specKey, k.role, ...BACKEND_NAMES.map((b) => k.backends[b]), k.description]);
  printTable(io, [['KIND', 'TECKEL KEY', 'ROLE', ...BACKEND_NAMES.map((b) => b.toUpperCase()), 'WHAT IT DOES'], ...rows]);
  return EXIT.ok;
}

/** Every function: name, category, arguments, one column per backend, description. */
export function functionsCommand(options: { readonly json?: boolean }, io: Io): number {
  const functions = functionCatalogue();
  if (options.json === true) {
    printJson(io, { functions });
    return EXIT.ok;
  }
  const rows = functions.map((f) => [f.name, f.category, f.spec, f.arguments, ...BACKEND_NAMES.map((b) => f.backends[b]), f.description]);
  printTable(io, [['FUNCTION', 'CATEGORY', 'SPEC', 'ARGUMENTS', ...BACKEND_NAMES.map((b) => b.toUpperCase()), 'WHAT IT COMPUTES'], ...rows]);
  return EXIT.ok;
}
