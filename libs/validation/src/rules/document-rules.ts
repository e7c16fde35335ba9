/**
 * Document-level rules, checked before any asset, in this order: `version` (V-010, V-006, V-011),
 * both asset lists present (V-006), then the top-level keys (`config`: rules/config-rules.ts) and the
 * `pipeline` mapping's keys in document order (unknown fields and `name`/`description` types, V-006; their variables, V-010).
 * Keys starting with `x-` are extensions and ignored.
 */
import {
  describeNode,
  isRawMap,
  type RawDocument,
  type RawNode,
  substituteText,
  type SubstitutionBudget,
  type Variables,
  YamlScalar,
} from '@pipeline/definition';
import { type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';
import { checkConfig } from './config-rules';
import { variableError } from './variable-errors';

/** The only definition version accepted. */
export const SUPPORTED_VERSION = '3.0';

/** Fields of a document's top level (either shape). */
export const TOP_LEVEL_FIELDS = ['version', 'pipeline', 'config', 'assets', 'input', 'transformation', 'output', 'exposures', 'quality'] as const;

/** Fields of the `pipeline` mapping: `name` and `description` are read, the rest is metadata and ignored. */
export const PIPELINE_FIELDS = [
  'name',
  'description',
  'assets',
  'namespace',
  'version',
  'owner',
  'tags',
  'meta',
  'schedule',
  'freshness',
  'links',
  'contacts',
  'catalog',
] as const;

/** Top-level parts of the Teckel language this service refuses, and why (decisions 7). */
export const REFUSED_TOP_LEVEL: Readonly<Record<string, string>> = {
  hooks: 'hooks run commands outside the pipeline, which the data-root sandbox cannot contain',
  secrets: 'the service takes no secrets; pass values as variables',
  streamingInput: 'pipelines run as batch jobs',
  streamingOutput: 'pipelines run as batch jobs',
  templates: 'write the expanded pipeline instead',
};

/** What the header contributes to the typed definition. */
export interface PipelineHeader {
  readonly name?: string;
  readonly description?: string;
}

/** Result of the document-level rules. */
export type HeaderResult =
  | { readonly ok: true; readonly header: PipelineHeader }
  | { readonly ok: false; readonly error: ValidationError };

/** True for extension keys (`x-...`), which every mapping of the document may carry. */
export function isExtensionKey(key: string): boolean {
  return key.startsWith('x-');
}

/** Applies the document-level rules. */
export function checkHeader(doc: RawDocument, variables: Variables, budget: SubstitutionBudget): HeaderResult {
  const versionError = checkVersion(doc.root.get('version'), variables, budget);
  if (versionError !== undefined) return { ok: false, error: versionError };

  const shapes = new Set(doc.assetLists.map((l) => (l.field === 'teckel' ? 'teckel' : 'assets')));
  if (shapes.size > 1) return { ok: false, error: validationErrors.bothShapes() };
  if (doc.assetLists.length > 1) return { ok: false, error: validationErrors.bothAssetLists() };

  let header: PipelineHeader = {};
  for (const [key, value] of doc.root) {
    if (key === 'version' || isExtensionKey(key)) continue;
    if (key === 'assets' || key === 'input' || key === 'transformation' || key === 'output' || key === 'exposures') continue;
    // Quality suites and exposures are checked once every asset is known (quality-rules.ts, metadata-rules.ts).
    if (key === 'quality') continue;
    if (key === 'config') {
      const configError = checkConfig(value, variables, budget, (node) => {
        const at = doc.positionOf(node);
        return at === undefined ? {} : { line: at.line };
      });
      if (configError !== undefined) return { ok: false, error: configError };
      continue;
    }
    const refused = Object.hasOwn(REFUSED_TOP_LEVEL, key) ? REFUSED_TOP_LEVEL[key] : undefined;
    if (refused !== undefined) return { ok: false, error: validationErrors.notSupported(key, refused) };
    if (key !== 'pipeline') {
      return { ok: false, error: validationErrors.unknownField(undefined, key, undefined, TOP_LEVEL_FIELDS) };
    }
    const result = checkPipelineMapping(doc, value, variables, budget);
    if (!result.ok) return result;
    header = result.header;
  }
  return { ok: true, header };
}

function checkVersion(node: RawNode | undefined, variables: Variables, budget: SubstitutionBudget): ValidationError | undefined {
  if (node === undefined) return validationErrors.required(undefined, 'version', { specCode: 'E-VERSION-001' });
  if (typeof node === 'string') {
    const result = substituteText(node, variables, budget);
    if (!result.ok) return variableError({ ...result.problem, field: 'version' }, undefined, {});
    return result.value === SUPPORTED_VERSION ? undefined : validationErrors.unsupportedVersion(result.value);
  }
  if (node instanceof YamlScalar && (node.tag === 'int' || node.tag === 'float')) {
    // `version: 3.0` and `version: 3` are YAML numbers; both mean "3.0".
    return node.text === '3' || node.text === '3.0' ? undefined : validationErrors.unsupportedVersion(node.text);
  }
  return validationErrors.wrongType(undefined, 'version', 'a string', describeNode(node), { specCode: 'E-VERSION-001' });
}

function checkPipelineMapping(
  doc: RawDocument,
  node: RawNode,
  variables: Variables,
  budget: SubstitutionBudget,
): HeaderResult {
  if (!isRawMap(node)) {
    return { ok: false, error: validationErrors.wrongType(undefined, 'pipeline', 'a mapping', describeNode(node)) };
  }
  const at = doc.positionOf(node);
  const details: ValidationErrorDetails = at === undefined ? {} : { line: at.line };
  const header: { name?: string; description?: string } = {};
  for (const [key, value] of node) {
    if (key === 'assets' || isExtensionKey(key)) continue;
    if (!(PIPELINE_FIELDS as readonly string[]).includes(key)) {
      return { ok: false, error: validationErrors.unknownField(undefined, key, 'pipeline', PIPELINE_FIELDS, details) };
    }
    // Metadata other than the name and description is accepted and does not change a run.
    if (key !== 'name' && key !== 'description') continue;
    const field = `pipeline.${key}`;
    if (typeof value !== 'string') {
      return { ok: false, error: validationErrors.wrongType(undefined, field, 'a string', describeNode(value), details) };
    }
    const result = substituteText(value, variables, budget);
    if (!result.ok) return { ok: false, error: variableError({ ...result.problem, field }, undefined, details) };
    header[key] = result.value;
  }
  return { ok: true, header };
}
