/**
 * Metadata rules (spec 18 and 19): metadata changes nothing a run computes, but a value the
 * specification constrains is checked so a catalogue reading the document can trust it. Checked
 * once every asset is known, in document order: the `pipeline` mapping's owner and freshness, each
 * Teckel-shape entry's owner, maturity, freshness, tags and column metadata, then the exposures.
 * Each rule the specification gives a code of its own carries it (E-META-001 .. 003, E-EXPOSE-001, 002).
 */
import {
  describeNode,
  isRawList,
  isRawMap,
  type RawDocument,
  type RawList,
  type RawMap,
  type RawNode,
  substituteText,
  type SubstitutionBudget,
  type Variables,
} from '@pipeline/definition';
import { type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';
import { isExtensionKey } from './document-rules';
import { variableError } from './variable-errors';

export const OWNER_TYPES = ['technical', 'business', 'steward'] as const;
export const MATURITIES = ['high', 'medium', 'low', 'deprecated'] as const;
/** Spec 19.2 lists no `deprecated` for an exposure: a consumer is not scheduled for removal by its producer. */
export const EXPOSURE_MATURITIES = ['high', 'medium', 'low'] as const;
export const EXPOSURE_TYPES = ['dashboard', 'notebook', 'analysis', 'ml', 'application', 'pipeline'] as const;
const OWNER_FIELDS = ['name', 'email', 'type'] as const;
const COLUMN_FIELDS = ['name', 'description', 'tags', 'constraints', 'meta', 'glossaryTerm'] as const;
const EXPOSURE_FIELDS = ['name', 'type', 'description', 'url', 'maturity', 'owner', 'depends_on', 'tags', 'meta'] as const;
const CONSTRAINT = /^(?:not_null|unique|primary_key|foreign_key\([A-Za-z][\w-]*\.[^().]+\))$/;
/** ISO 8601 durations as spec 18.5 writes them; years and months are fine for metadata. */
const ISO_DURATION = /^P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+W)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;

interface Context {
  readonly doc: RawDocument;
  readonly variables: Variables;
  readonly budget: SubstitutionBudget;
}

/** Where a metadata value sits: the words before its field in a message, and the details to attach. */
interface Place {
  /** `pipeline`, `asset "orders"`, `exposure "dash"`; prefixes the field path. */
  readonly label: string;
  readonly details: ValidationErrorDetails;
}

/** Thrown inside this module only, so each nested check can stop the walk with its error. */
class Stop {
  constructor(readonly error: ValidationError) {}
}

/** The first metadata error of the document, or undefined. `assets` are the refs of every asset. */
export function checkMetadata(ctx: Context, assets: ReadonlySet<string>): ValidationError | undefined {
  try {
    const pipeline = ctx.doc.root.get('pipeline');
    if (pipeline !== undefined && isRawMap(pipeline)) checkPipeline(ctx, pipeline);
    checkEntries(ctx);
    const exposures = ctx.doc.root.get('exposures');
    if (exposures !== undefined) checkExposures(ctx, exposures, assets);
    return undefined;
  } catch (e) {
    if (e instanceof Stop) return e.error;
    throw e;
  }
}

/**
 * The column names each Teckel-shape input entry's `columns:` metadata describes, by asset ref, for
 * the engine to check against the dataset when it reads the input (E-META-004). Call after
 * checkMetadata passed: the values are then known to be well formed.
 */
export function inputColumnMetadata(ctx: Context): ReadonlyMap<string, readonly string[]> | ValidationError {
  const found = new Map<string, readonly string[]>();
  const list = ctx.doc.root.get('input');
  if (list === undefined || !isRawList(list)) return found;
  try {
    collectColumnNames(ctx, list, found);
  } catch (e) {
    if (e instanceof Stop) return e.error;
    throw e;
  }
  return found;
}

function collectColumnNames(ctx: Context, list: RawList, found: Map<string, readonly string[]>): void {
  for (const entry of list) {
    if (!isRawMap(entry)) continue;
    const name = entry.get('name');
    const columns = entry.get('columns');
    if (typeof name !== 'string' || columns === undefined || !isRawList(columns)) continue;
    const place: Place = { label: `asset "${name}"`, details: {} };
    const names = columns.flatMap((c, i) => {
      const n = isRawMap(c) ? text(ctx, place, `columns[${i}].name`, c.get('name')) : undefined;
      return n === undefined ? [] : [n];
    });
    if (names.length > 0) found.set(name, names);
  }
}

function checkPipeline(ctx: Context, node: RawMap): void {
  const place: Place = { label: 'pipeline', details: lineOf(ctx, node) };
  const owner = node.get('owner');
  if (owner !== undefined) checkOwner(ctx, place, 'owner', owner);
  const freshness = node.get('freshness');
  if (freshness !== undefined) checkDuration(ctx, place, 'freshness', freshness);
}

function checkEntries(ctx: Context): void {
  const outputs = new Map<string, number>();
  for (const list of ['input', 'transformation', 'output'] as const) {
    const node = ctx.doc.root.get(list);
    if (node === undefined || !isRawList(node)) continue;
    node.forEach((entry, index) => {
      if (!isRawMap(entry)) return;
      const name = entry.get('name');
      const ref = typeof name !== 'string' ? undefined : list === 'output' ? outputRef(name, outputs) : name;
      const details = { ...lineOf(ctx, entry), ...(ref === undefined ? {} : { asset: ref }) };
      const place: Place = { label: ref === undefined ? `${list}[${index}]` : `asset "${ref}"`, details };
      for (const [key, value] of entry) {
        if (key === 'owner') checkOwner(ctx, place, key, value);
        else if (key === 'maturity') checkChoice(ctx, place, key, value, MATURITIES, 'E-META-002');
        else if (key === 'freshness') checkDuration(ctx, place, key, value);
        else if (key === 'tags' || key === 'removeTags') checkStrings(ctx, place, key, value);
        else if (key === 'columns') checkColumns(ctx, place, value);
      }
    });
  }
}

/** The plan's name of a Teckel-shape output entry (as yaml/teckel-shape.ts makes it). */
function outputRef(name: string, outputs: Map<string, number>): string {
  const count = (outputs.get(name) ?? 0) + 1;
  outputs.set(name, count);
  return count === 1 ? `output_${name}` : `output_${name}_${count}`;
}

function checkExposures(ctx: Context, node: RawNode, assets: ReadonlySet<string>): void {
  if (!isRawList(node)) fail(validationErrors.wrongType(undefined, 'exposures', 'a list of exposures', describeNode(node)));
  const seen = new Set<string>();
  (node as RawList).forEach((entry, index) => {
    const field = `exposures[${index}]`;
    if (!isRawMap(entry)) fail(validationErrors.wrongType(undefined, field, 'a mapping', describeNode(entry)));
    const exposure = entry as RawMap;
    const details = lineOf(ctx, exposure);
    for (const key of exposure.keys()) {
      if (!isExtensionKey(key) && !(EXPOSURE_FIELDS as readonly string[]).includes(key)) {
        fail(validationErrors.unknownField(undefined, key, field, EXPOSURE_FIELDS, details));
      }
    }
    const name = text(ctx, { label: field, details }, 'name', exposure.get('name'));
    if (name === undefined) fail(validationErrors.required(undefined, `${field}.name`, details));
    if (seen.has(name as string)) fail(validationErrors.invalidField(undefined, `${field}.name`, `repeats exposure "${name}"`, details));
    seen.add(name as string);
    const place: Place = { label: `exposure "${name}"`, details };
    const type = exposure.get('type');
    if (type === undefined) fail(validationErrors.required(undefined, `exposure "${name}": type`, { ...details, field: 'type' }));
    checkChoice(ctx, place, 'type', type, EXPOSURE_TYPES, 'E-EXPOSE-002');
    for (const key of ['description', 'url'] as const) text(ctx, place, key, exposure.get(key));
    const maturity = exposure.get('maturity');
    if (maturity !== undefined) checkChoice(ctx, place, 'maturity', maturity, EXPOSURE_MATURITIES, 'E-META-002');
    const owner = exposure.get('owner');
    if (owner !== undefined) checkOwner(ctx, place, 'owner', owner);
    const tags = exposure.get('tags');
    if (tags !== undefined) checkStrings(ctx, place, 'tags', tags);
    checkMeta(place, 'meta', exposure.get('meta'));
    const dependsOn = exposure.get('depends_on');
    if (dependsOn === undefined) fail(validationErrors.required(undefined, `exposure "${name}": depends_on`, { ...details, field: 'depends_on' }));
    const refs = checkStrings(ctx, place, 'depends_on', dependsOn as RawNode);
    if (refs.length === 0) fail(validationErrors.empty(undefined, `exposure "${name}": depends_on`, { ...details, field: 'depends_on' }));
    for (const ref of refs) {
      if (!assets.has(ref)) {
        fail(
          validationErrors.specRule('V-001', 'E-EXPOSE-001', `exposure "${name}": depends_on references unknown asset "${ref}"`, {
            ...details,
            field: 'depends_on',
            reference: ref,
          }),
        );
      }
    }
  });
}

function checkOwner(ctx: Context, place: Place, field: string, node: RawNode): void {
  const path = `${place.label}: ${field}`;
  if (!isRawMap(node)) fail(validationErrors.wrongType(undefined, path, 'a mapping with name, email and type', describeNode(node), place.details));
  const owner = node as RawMap;
  for (const key of owner.keys()) {
    if (!isExtensionKey(key) && !(OWNER_FIELDS as readonly string[]).includes(key)) {
      fail(validationErrors.unknownField(undefined, key, `${place.label}: ${field}`, OWNER_FIELDS, place.details));
    }
  }
  for (const key of ['name', 'email'] as const) {
    if (!owner.has(key)) fail(validationErrors.required(undefined, `${path}.${key}`, { ...place.details, field: `${field}.${key}` }));
    text(ctx, place, `${field}.${key}`, owner.get(key));
  }
  const type = owner.get('type');
  if (type !== undefined) checkChoice(ctx, place, `${field}.type`, type, OWNER_TYPES, 'E-META-001');
}

function checkDuration(ctx: Context, place: Place, field: string, node: RawNode): void {
  const value = text(ctx, place, field, node);
  if (value !== undefined && !ISO_DURATION.test(value)) {
    fail(
      validationErrors.specRule('V-006', 'E-META-003', `${place.label}: ${field} must be an ISO 8601 duration such as "PT24H" or "P7D" (got "${value}")`, {
        ...place.details,
        field,
      }),
    );
  }
}

function checkChoice(ctx: Context, place: Place, field: string, node: RawNode | undefined, choices: readonly string[], specCode: string): void {
  const value = text(ctx, place, field, node);
  if (value !== undefined && !choices.includes(value)) {
    fail(
      validationErrors.specRule('V-006', specCode, `${place.label}: ${field} must be one of ${choices.join(', ')} (got "${value}")`, {
        ...place.details,
        field,
        expected: choices,
      }),
    );
  }
}

function checkColumns(ctx: Context, place: Place, node: RawNode): void {
  if (!isRawList(node)) fail(validationErrors.wrongType(undefined, `${place.label}: columns`, 'a list of column descriptions', describeNode(node), place.details));
  const names = new Set<string>();
  (node as RawList).forEach((column, index) => {
    const field = `columns[${index}]`;
    if (!isRawMap(column)) fail(validationErrors.wrongType(undefined, `${place.label}: ${field}`, 'a mapping', describeNode(column), place.details));
    const map = column as RawMap;
    for (const key of map.keys()) {
      if (!isExtensionKey(key) && !(COLUMN_FIELDS as readonly string[]).includes(key)) {
        fail(validationErrors.unknownField(undefined, key, `${place.label}: ${field}`, COLUMN_FIELDS, place.details));
      }
    }
    const name = text(ctx, place, `${field}.name`, map.get('name'));
    if (name === undefined) fail(validationErrors.required(undefined, `${place.label}: ${field}.name`, { ...place.details, field: `${field}.name` }));
    if (names.has(name as string)) fail(validationErrors.invalidField(undefined, `${place.label}: ${field}.name`, `repeats column "${name}"`, place.details));
    names.add(name as string);
    for (const key of ['description', 'glossaryTerm'] as const) text(ctx, place, `${field}.${key}`, map.get(key));
    const tags = map.get('tags');
    if (tags !== undefined) checkStrings(ctx, place, `${field}.tags`, tags);
    checkMeta(place, `${field}.meta`, map.get('meta'));
    const constraints = map.get('constraints');
    if (constraints === undefined) return;
    checkStrings(ctx, place, `${field}.constraints`, constraints).forEach((constraint, i) => {
      if (!CONSTRAINT.test(constraint)) {
        fail(
          validationErrors.invalidField(
            undefined,
            `${place.label}: ${field}.constraints[${i}]`,
            `must be not_null, unique, primary_key or foreign_key(<asset>.<column>) (got "${constraint}")`,
            { ...place.details, field: `${field}.constraints[${i}]` },
          ),
        );
      }
    });
  });
}

function checkMeta(place: Place, field: string, node: RawNode | undefined): void {
  if (node !== undefined && !isRawMap(node)) fail(validationErrors.wrongType(undefined, `${place.label}: ${field}`, 'a mapping', describeNode(node), place.details));
}

/** The strings of a list value (variables substituted); anything else in it is V-006. */
function checkStrings(ctx: Context, place: Place, field: string, node: RawNode): string[] {
  if (!isRawList(node)) fail(validationErrors.wrongType(undefined, `${place.label}: ${field}`, 'a list of strings', describeNode(node), { ...place.details, field }));
  return (node as RawList).map((item, i) => text(ctx, place, `${field}[${i}]`, item) as string);
}

/** A string value with its variables substituted; undefined when absent; anything else is V-006. */
function text(ctx: Context, place: Place, field: string, node: RawNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node !== 'string') fail(validationErrors.wrongType(undefined, `${place.label}: ${field}`, 'a string', describeNode(node), { ...place.details, field }));
  const result = substituteText(node as string, ctx.variables, ctx.budget);
  if (!result.ok) fail(variableError({ ...result.problem, field }, undefined, place.details, place.label));
  return (result as { value: string }).value;
}

function lineOf(ctx: Context, node: RawMap | RawList): ValidationErrorDetails {
  const at = ctx.doc.positionOf(node);
  return at === undefined ? {} : { line: at.line };
}

function fail(error: ValidationError): never {
  throw new Stop(error);
}
