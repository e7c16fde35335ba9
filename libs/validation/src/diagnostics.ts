/**
 * Makes a validation error actionable: places it at the value it is about (line and column in the
 * YAML text, not the asset's first line) and offers a close name when it names something unknown.
 */
import { FUNCTION_NAMES, isRawList, isRawMap, type RawDocument, type RawNode, type TextPosition, WINDOW_FUNCTIONS } from '@pipeline/definition';
import { boundErrorMessage } from '@pipeline/errors';
import type { ValidationError, ValidationErrorDetails } from './errors';
import { closestName } from './suggest';

/** At most this many errors are collected from one document, so a hostile one cannot make a huge answer. */
export const MAX_VALIDATION_ERRORS = 100;

const FUNCTION_CANDIDATES = [...FUNCTION_NAMES, ...Object.keys(WINDOW_FUNCTIONS)];

/** What the asset list knows, for placing errors: the raw items and every declared asset name. */
export interface DiagnosticContext {
  readonly doc: RawDocument;
  readonly items: readonly RawNode[];
  readonly assetNames: Iterable<string>;
}

/** The error placed at its value and with a suggestion, when either can be found. */
export function actionable(error: ValidationError, ctx: DiagnosticContext): ValidationError {
  return suggest(locate(error, ctx), ctx);
}

function locate(error: ValidationError, ctx: DiagnosticContext): ValidationError {
  const number = error.details.assetNumber;
  if (number === undefined) return error;
  const item = ctx.items[number - 1];
  if (item === undefined || !isRawMap(item)) return error;
  if (error.details.field !== undefined) {
    const at = fieldPosition(item, error.details.field, ctx.doc);
    return at === undefined ? error : { ...error, details: { ...error.details, line: at.line, column: at.column } };
  }
  if (error.details.reference === undefined) return error;
  const found = referencePosition(item, error.details.reference, ctx.doc);
  if (found === undefined) return error;
  return { ...error, details: { ...error.details, field: found.field, line: found.at.line, column: found.at.column } };
}

/**
 * Where a field path of an asset starts: expression fields are named inside their kind (`agg[1]`),
 * schema fields with it (`where.filter`), the name outside (`asset_ref`), so the path is looked up
 * in the kind's mapping, then in `source`, then in the asset. A path that leaves the tree part-way
 * gives the deepest place it reached.
 */
function fieldPosition(item: RawNode, field: string, doc: RawDocument): TextPosition | undefined {
  const segments = field.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '');
  if (!isRawMap(item)) return undefined;
  const source = item.get('source');
  const kind = source !== undefined && isRawMap(source) && source.size === 1 ? [...source.values()][0] : undefined;
  for (const start of [kind, source, item]) {
    if (start === undefined || !isRawMap(start) || !start.has(segments[0] as string)) continue;
    const at = walk(start, segments, doc);
    if (at !== undefined) return at;
  }
  return undefined;
}

function walk(start: RawNode, segments: readonly string[], doc: RawDocument): TextPosition | undefined {
  let node: RawNode | undefined = start;
  let at: TextPosition | undefined;
  for (const segment of segments) {
    if (node === undefined) break;
    if (isRawMap(node) && node.has(segment)) {
      at = doc.valuePositionOf(node, segment) ?? at;
      node = node.get(segment);
    } else if (isRawList(node) && /^\d+$/.test(segment) && Number(segment) < node.length) {
      at = doc.valuePositionOf(node, Number(segment)) ?? at;
      node = node[Number(segment)];
    } else {
      break;
    }
  }
  return at;
}

/**
 * The first place (in written order) inside the asset's kind whose text is `reference`, and its
 * path there (`from`, `right[0].name`), named like the kind's other fields.
 */
function referencePosition(item: RawNode, reference: string, doc: RawDocument): { at: TextPosition; field: string } | undefined {
  if (!isRawMap(item)) return undefined;
  const source = item.get('source');
  if (source === undefined || !isRawMap(source)) return undefined;
  const search = (node: RawNode, path: string, depth: number): { at: TextPosition; field: string } | undefined => {
    if (depth > 16) return undefined;
    const entries: [string | number, RawNode][] = isRawMap(node) ? [...node] : isRawList(node) ? node.map((v, i) => [i, v]) : [];
    for (const [key, value] of entries) {
      const field = typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
      if (value === reference) {
        const at = doc.valuePositionOf(node as never, key);
        return at === undefined ? undefined : { at, field };
      }
      const inner = search(value, field, depth + 1);
      if (inner !== undefined) return inner;
    }
    return undefined;
  };
  for (const kind of source.values()) {
    const found = search(kind, '', 0);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The misspelt word of the error and where its close names come from. */
function misspelt(error: ValidationError, ctx: DiagnosticContext): { word: string; candidates: Iterable<string> } | undefined {
  const d = error.details;
  // A reference to a split's own name has its own advice (the pass and fail assets).
  if (error.code === 'V-001' && d.reference !== undefined && !error.message.includes('references split')) return { word: d.reference, candidates: ctx.assetNames };
  if (error.code === 'V-009') {
    const call = /unknown function "([^"]+)"/.exec(error.message);
    return call === null ? undefined : { word: call[1] as string, candidates: FUNCTION_CANDIDATES };
  }
  if (d.expected === undefined) return undefined;
  const named = /unknown (?:\S+ )?(?:field|source kind|option) "([^"]+)"|unknown \S+ option "([^"]+)"/.exec(error.message);
  const word = named?.[1] ?? named?.[2] ?? d.option;
  return word === undefined ? undefined : { word, candidates: d.expected };
}

function suggest(error: ValidationError, ctx: DiagnosticContext): ValidationError {
  const wanted = misspelt(error, ctx);
  const suggestion = wanted === undefined ? undefined : closestName(wanted.word, wanted.candidates);
  if (suggestion === undefined) return error;
  const details: ValidationErrorDetails = { ...error.details, suggestion };
  return { ...error, message: boundErrorMessage(`${error.message} (did you mean "${suggestion}"?)`), details };
}

/** One entry of the `errors` list the servers and the CLI show: what, where, and the full message. */
export interface ValidationDiagnostic {
  readonly code: string;
  readonly message: string;
  readonly asset?: string;
  readonly field?: string;
  /** 1-based place in the YAML text, when known. */
  readonly line?: number;
  readonly column?: number;
  /** The Teckel specification's code for the rule (`E-REF-001`), where it names one. */
  readonly specCode?: string;
}

/** The error as a list entry (absent parts left out, so the JSON stays small). */
export function diagnosticOf(error: ValidationError): ValidationDiagnostic {
  const { asset, field, line, column, specCode } = error.details;
  return {
    code: error.code,
    message: error.message,
    ...(asset === undefined ? {} : { asset }),
    ...(field === undefined ? {} : { field }),
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    ...(specCode === undefined ? {} : { specCode }),
  };
}
