/**
 * Validates a whole pipeline definition and returns either its typed form or its errors in
 * document order: `error` is the first (the contract's one message), `errors` all of them.
 */
import {
  type AssetDefinition,
  createSubstitutionBudget,
  isDefinitionError,
  type PipelineDefinition,
  type QualitySuite,
  type RawDocument,
  readDocument,
} from '@pipeline/definition';
import { actionable, MAX_VALIDATION_ERRORS } from './diagnostics';
import { type ValidationError, validationErrors } from './errors';
import { checkAsset, declaredAssets } from './rules/asset-rules';
import { checkHeader } from './rules/document-rules';
import { checkGraph } from './rules/graph-rules';
import { checkLateralJoins } from './rules/lateral-rules';
import { collectMetadata } from './rules/metadata-collect';
import { checkMetadata, inputColumnMetadata } from './rules/metadata-rules';
import { checkQuality } from './rules/quality-rules';
import type { ReferenceStatus } from './rules/source-rules';
import { checkVariablesArgument } from './rules/variables-argument';

/**
 * The outcome of validation: the typed pipeline, or the errors. `error` is `errors[0]`; `errors`
 * holds at most MAX_VALIDATION_ERRORS: every problem of each asset (past a problem of its name:
 * each unknown field, each field its kind's schema refuses, each broken expression, each
 * unresolved reference), then the graph's, the quality suites' and the metadata's.
 */
export type ValidationResult =
  | { readonly ok: true; readonly pipeline: PipelineDefinition }
  | { readonly ok: false; readonly error: ValidationError; readonly errors: readonly ValidationError[] };

function failed(errors: readonly ValidationError[]): ValidationResult {
  const bounded = errors.slice(0, MAX_VALIDATION_ERRORS);
  return { ok: false, error: bounded[0] as ValidationError, errors: bounded };
}

/**
 * Validates YAML text with optional variables. Never throws for bad input: a document that cannot
 * be read is `{ kind: 'parse', code: 'PARSE' }`, any broken rule `{ kind: 'validation', code: 'V-0xx' }`.
 *
 * Order of checks: the `variables` argument; reading the YAML (PARSE); document level (version,
 * asset lists, top-level and `pipeline` fields); each of these stops at its error. Then each asset
 * in list order (see rules/asset-rules.ts and rules/source-rules.ts), every problem of every asset reported;
 * the graph (V-003, then V-013) only when every asset passed, since a broken asset's edges are
 * unknown; the quality suites (rules/quality-rules.ts); metadata and exposures
 * (rules/metadata-rules.ts). Asset errors are placed at the value at fault (diagnostics.ts).
 */
export function validatePipeline(yaml: string, variables?: Readonly<Record<string, string>>): ValidationResult {
  const vars = checkVariablesArgument(variables);
  if (!vars.ok) return failed([vars.error]);

  let doc: RawDocument;
  try {
    doc = readDocument(yaml);
  } catch (error) {
    if (!isDefinitionError(error)) throw error;
    return failed([validationErrors.parse(error.message, { ...error.details, cause: error.code })]);
  }

  const budget = createSubstitutionBudget();
  const header = checkHeader(doc, vars.variables, budget);
  if (!header.ok) return failed([header.error]);

  const list = doc.assetLists[0] as RawDocument['assetLists'][number];
  const items = list.items;
  const ctx = {
    nameField: list.field === 'teckel' ? ('name' as const) : ('asset_ref' as const),
    doc,
    variables: vars.variables,
    budget,
    declared: declaredAssets(items, vars.variables),
    seen: new Map<string, number>(),
  };
  const errors: ValidationError[] = [];
  const report = (error: ValidationError): void => {
    if (errors.length >= MAX_VALIDATION_ERRORS) return;
    errors.push(actionable(error, { doc, items, assetNames: ctx.declared.keys() }));
  };
  const assets: AssetDefinition[] = [];
  const upstream: (readonly string[])[] = [];
  for (let i = 0; i < items.length && errors.length < MAX_VALIDATION_ERRORS; i++) {
    const result = checkAsset(items[i] as (typeof items)[number], i, ctx);
    if (!result.ok) {
      for (const error of result.errors) report(error);
      continue;
    }
    assets.push(result.asset);
    upstream.push(result.upstream);
    for (const made of result.made ?? []) {
      assets.push(made);
      upstream.push([result.asset.ref]);
    }
  }

  if (errors.length === 0) {
    const graphError = checkGraph(assets, upstream);
    if (graphError !== undefined) return failed([graphError]);
    const lateralError = checkLateralJoins(assets, upstream);
    if (lateralError !== undefined) return failed([lateralError]);
  }

  let quality: QualitySuite[] | undefined;
  const qualityNode = doc.root.get('quality');
  if (qualityNode !== undefined) {
    const byRef = new Map(assets.map((a) => [a.ref, a.source]));
    const resolveReference = (ref: string): ReferenceStatus => {
      const source = byRef.get(ref);
      // A broken asset is still declared: its own error stands, the suite's reference is not another.
      if (source === undefined) return ctx.declared.has(ref) ? 'ok' : 'unknown';
      if (source.kind === 'output') return 'output';
      return source.kind === 'split' ? { split: { pass: source.pass, fail: source.fail } } : 'ok';
    };
    const checked = checkQuality(qualityNode, { doc, variables: vars.variables, budget, resolveReference });
    if (!checked.ok) errors.push(checked.error);
    else quality = [...checked.suites];
  }

  const metadataContext = { doc, variables: vars.variables, budget };
  const known = new Set([...assets.map((a) => a.ref), ...ctx.declared.keys()]);
  const metadataError = checkMetadata(metadataContext, known);
  if (metadataError !== undefined) errors.push(metadataError);
  if (errors.length > 0) return failed(errors);
  // A budget of its own: these names were substituted within the document's budget already.
  const described = inputColumnMetadata({ ...metadataContext, budget: createSubstitutionBudget() });
  if (!(described instanceof Map)) return failed([described as ValidationError]);
  // The engine checks them against the dataset when it reads the input (E-META-004).
  const metadata = collectMetadata({ ...metadataContext, budget: createSubstitutionBudget() });
  const withMetadata = described.size === 0 ? assets : assets.map((a) => (a.source.kind === 'input' && described.has(a.ref) ? { ...a, source: { ...a.source, metadataColumns: described.get(a.ref) as readonly string[] } } : a));

  return {
    ok: true,
    pipeline: {
      version: '3.0',
      ...(header.header.name === undefined ? {} : { name: header.header.name }),
      ...(header.header.description === undefined ? {} : { description: header.header.description }),
      assets: withMetadata,
      ...(quality === undefined || quality.length === 0 ? {} : { quality }),
      ...(metadata === undefined ? {} : { metadata }),
    },
  };
}

/**
 * Places errors found after validation (the engine's column check) at their values, as
 * validatePipeline places its own: `yaml` is the document that validated.
 */
export function placeErrors(yaml: string, errors: readonly ValidationError[]): ValidationError[] {
  let doc: RawDocument;
  try {
    doc = readDocument(yaml);
  } catch {
    return [...errors];
  }
  const items = doc.assetLists[0]?.items ?? [];
  return errors.map((error) => actionable(error, { doc, items, assetNames: [] }));
}
