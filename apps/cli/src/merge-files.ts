/**
 * Several pipeline files as one document (spec 21): merged left to right, the rightmost winning;
 * mappings deep-merge, sequences and scalars are replaced whole. The merged document is written
 * back as YAML text (block style, every mapping starting on a line of its own) so it is validated
 * exactly as one file is, and a line of that text is traced back to the file and line of the
 * mapping it lies in: an error then names the file it came from. One file is read as it is.
 */
import { isDefinitionError, isRawList, isRawMap, parseYaml, type RawList, type RawMap, type RawNode, type TextPosition } from '@pipeline/definition';
import { validationErrors, type ValidationError } from '@pipeline/validation';
import { invalidPipeline, readPipelineFile } from './inputs';

/** Where a line of the (merged) text came from. */
export interface SourceLine {
  readonly file: string;
  readonly line: number;
}

/** The pipeline the command line names, as one YAML text. */
export interface LoadedPipeline {
  /** The file name, or the names joined by `+` for a merged document. */
  readonly label: string;
  readonly yaml: string;
  /** The file and line an error's position refers to (the error unchanged for one file). */
  locate(error: ValidationError): { readonly file: string; readonly error: ValidationError };
}

/** Reads `files` (relative to `cwd`) and merges them; a file that is not a YAML mapping is CLI_PIPELINE_INVALID naming it. */
export function loadPipeline(files: readonly string[], cwd: string): LoadedPipeline {
  if (files.length === 1) {
    const { file, yaml } = readPipelineFile(files[0] as string, cwd);
    return { label: file, yaml, locate: (error) => ({ file, error }) };
  }
  const origin = new WeakMap<RawMap | RawList, SourceLine>();
  let merged: RawMap | undefined;
  for (const name of files) {
    const { file, yaml } = readPipelineFile(name, cwd);
    let root: RawNode;
    try {
      const parsed = parseYaml(yaml);
      root = parsed.root;
      record(root, file, parsed.positionOf, origin);
    } catch (error) {
      if (!isDefinitionError(error)) throw error;
      throw invalidPipeline(file, validationErrors.parse(error.message, { ...error.details, cause: error.code }));
    }
    if (!isRawMap(root)) throw invalidPipeline(file, validationErrors.parse('the document must be a mapping at the top to be merged'));
    merged = merged === undefined ? root : (mergeNodes(merged, root, origin) as RawMap);
  }
  const written = writeYaml(merged as RawMap, origin);
  return {
    label: files.join('+'),
    yaml: written.text,
    locate: (error) => {
      const at = error.details.line === undefined ? undefined : sourceOf(written.lines, error.details.line);
      if (at === undefined) return { file: files.join('+'), error };
      const { column: _column, ...details } = error.details;
      return { file: at.file, error: { ...error, details: { ...details, line: at.line } } };
    },
  };
}

/**
 * `overlay` merged onto `base` (spec 21.1): mappings deep-merge, anything else is replaced. A
 * merged mapping takes the overlay's place in its file.
 */
export function mergeNodes(base: RawNode, overlay: RawNode, origin?: WeakMap<RawMap | RawList, SourceLine>): RawNode {
  if (!isRawMap(base) || !isRawMap(overlay)) return overlay;
  const merged = new Map<string, RawNode>(base);
  for (const [key, value] of overlay) {
    const under = merged.get(key);
    merged.set(key, under === undefined ? value : mergeNodes(under, value, origin));
  }
  const at = origin?.get(overlay);
  if (origin !== undefined && at !== undefined) origin.set(merged, at);
  return merged;
}

function record(node: RawNode, file: string, positionOf: (node: RawMap | RawList) => TextPosition | undefined, origin: WeakMap<RawMap | RawList, SourceLine>): void {
  if (typeof node === 'string' || !(isRawMap(node) || isRawList(node))) return;
  if (origin.has(node)) return; // an alias: recorded where its anchor is
  const at = positionOf(node);
  if (at !== undefined) origin.set(node, { file, line: at.line });
  for (const child of isRawMap(node) ? node.values() : node) record(child, file, positionOf, origin);
}

/** Block-style YAML of `root`, and for each written line (1-based index) the source of the mapping or list starting there. */
export function writeYaml(root: RawMap, origin: WeakMap<RawMap | RawList, SourceLine>): { readonly text: string; readonly lines: readonly (SourceLine | undefined)[] } {
  const out: string[] = [];
  const lines: (SourceLine | undefined)[] = [undefined];
  const push = (text: string, from?: RawMap | RawList) => {
    out.push(text);
    lines.push(from === undefined ? undefined : origin.get(from));
  };
  const scalar = (node: RawNode): string | undefined => {
    if (typeof node === 'string') return JSON.stringify(node);
    if (isRawMap(node)) return node.size === 0 ? '{}' : undefined;
    if (isRawList(node)) return node.length === 0 ? '[]' : undefined;
    return node.text;
  };
  const writeMap = (map: RawMap, pad: string) => {
    for (const [key, value] of map) {
      const inline = scalar(value);
      if (inline !== undefined) push(`${pad}${JSON.stringify(key)}: ${inline}`);
      else {
        push(`${pad}${JSON.stringify(key)}:`);
        writeNode(value, `${pad}  `);
      }
    }
  };
  const writeNode = (node: RawNode, pad: string) => {
    if (isRawMap(node)) {
      const before = out.length;
      writeMap(node, pad);
      lines[before + 1] = origin.get(node) ?? lines[before + 1];
      return;
    }
    for (const item of node as RawList) {
      const inline = scalar(item);
      if (inline !== undefined) push(`${pad}- ${inline}`);
      else {
        push(`${pad}-`, item as RawMap | RawList);
        writeNode(item, `${pad}  `);
      }
    }
  };
  writeNode(root, '');
  return { text: `${out.join('\n')}\n`, lines };
}

/** The source of the mapping or list nearest above `line` in the written text. */
function sourceOf(lines: readonly (SourceLine | undefined)[], line: number): SourceLine | undefined {
  for (let at = Math.min(line, lines.length - 1); at >= 1; at--) {
    const source = lines[at];
    if (source !== undefined) return source;
  }
  return undefined;
}
