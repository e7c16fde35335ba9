/**
 * Validates a whole pipeline definition and returns either its typed form or the first error in
 * document order (one message per request, as the contract requires).
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

/** The outcome of validation: the typed pipeline, or the first error. */
export type ValidationResult =
  | { readonly ok: true; readonly pipeline: PipelineDefinition }
  | { readonly ok: false; readonly error: ValidationError };

/**
 * Validates YAML text with optional variables. Never throws for bad input: a document that cannot
 * be read is `{ kind: 'parse', code: 'PARSE' }`, any broken rule `{ kind: 'validation', code: 'V-0xx' }`.
 *
 * Order of checks (the first failure is reported): the `variables` argument; reading the YAML
 * (PARSE); document level (version, asset lists, top-level and `pipeline` fields); each asset in
 * list order (see rules/asset-rules.ts and rules/source-rules.ts); the graph (V-003, then V-013);
 * the quality suites (rules/quality-rules.ts); metadata and exposures (rules/metadata-rules.ts).
 */
export function validatePipeline(yaml: string, variables?: Readonly<Record<string, string>>): ValidationResult {
  const vars = checkVariablesArgument(variables);
  if (!vars.ok) return vars;

  let doc: RawDocument;
  try {
    doc = readDocument(yaml);
  } catch (error) {
    if (!isDefinitionError(error)) throw error;
    return {
      ok: false,
      error: validationErrors.parse(error.message, {
        ...error.details,
        cause: error.code,
      }),
    };
  }

  const budget = createSubstitutionBudget();
  const header = checkHeader(doc, vars.variables, budget);
  if (!header.ok) return header;

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
  const assets: AssetDefinition[] = [];
  const upstream: (readonly string[])[] = [];
  for (let i = 0; i < items.length; i++) {
    const result = checkAsset(items[i] as (typeof items)[number], i, ctx);
    if (!result.ok) return result;
    assets.push(result.asset);
    upstream.push(result.upstream);
    for (const made of result.made ?? []) {
      assets.push(made);
      upstream.push([result.asset.ref]);
    }
  }

  const graphError = checkGraph(assets, upstream);
  if (graphError !== undefined) return { ok: false, error: graphError };
  const lateralError = checkLateralJoins(assets, upstream);
  if (lateralError !== undefined) return { ok: false, error: lateralError };

  let quality: QualitySuite[] | undefined;
  const qualityNode = doc.root.get('quality');
  if (qualityNode !== undefined) {
    const byRef = new Map(assets.map((a) => [a.ref, a.source]));
    const resolveReference = (ref: string): ReferenceStatus => {
      const source = byRef.get(ref);
      if (source === undefined) return 'unknown';
      if (source.kind === 'output') return 'output';
      return source.kind === 'split' ? { split: { pass: source.pass, fail: source.fail } } : 'ok';
    };
    const checked = checkQuality(qualityNode, { doc, variables: vars.variables, budget, resolveReference });
    if (!checked.ok) return checked;
    quality = [...checked.suites];
  }

  const metadataContext = { doc, variables: vars.variables, budget };
  const metadataError = checkMetadata(metadataContext, new Set(assets.map((a) => a.ref)));
  if (metadataError !== undefined) return { ok: false, error: metadataError };
  // A budget of its own: these names were substituted within the document's budget already.
  const described = inputColumnMetadata({ ...metadataContext, budget: createSubstitutionBudget() });
  if (!(described instanceof Map)) return { ok: false, error: described as ValidationError };
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
