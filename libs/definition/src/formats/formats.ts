/**
 * File formats, write modes and the options each format accepts (contract decisions, section 1).
 */
import { FORMATS, type Format, WRITE_MODES, type WriteMode } from '../definition';

/** The mode an output uses when it names none: fail if the destination exists. */
export const DEFAULT_WRITE_MODE: WriteMode = 'error';

/** How an option's string value is read. */
export type OptionValueType = 'boolean' | 'text';

/** One option a format accepts. */
export interface OptionSpec {
  /** Canonical spelling, as stored in a typed source. */
  readonly name: string;
  readonly type: OptionValueType;
  /** Other accepted spellings that mean the same option (`delimiter` for `sep`). */
  readonly aliases?: readonly string[];
}

/** The options each format accepts. Names match case-insensitively and are stored canonically. */
export const FORMAT_OPTIONS: Readonly<Record<Format, readonly OptionSpec[]>> = {
  csv: [
    { name: 'header', type: 'boolean' },
    { name: 'inferSchema', type: 'boolean' },
    { name: 'sep', type: 'text', aliases: ['delimiter'] },
    { name: 'quote', type: 'text' },
    { name: 'escape', type: 'text' },
    { name: 'nullValue', type: 'text' },
    { name: 'dateFormat', type: 'text' },
    { name: 'timestampFormat', type: 'text' },
    { name: 'encoding', type: 'text' },
    { name: 'comment', type: 'text' },
    { name: 'compression', type: 'text' },
  ],
  json: [
    { name: 'multiLine', type: 'boolean' },
    { name: 'dateFormat', type: 'text' },
    { name: 'timestampFormat', type: 'text' },
    { name: 'compression', type: 'text' },
  ],
  parquet: [{ name: 'compression', type: 'text' }],
};

/** Values a format's options take when a definition leaves them out. */
export const DEFAULT_OPTIONS: Readonly<Record<Format, Readonly<Record<string, string>>>> = {
  csv: { header: 'true', inferSchema: 'true', sep: ',', quote: '"', nullValue: '' },
  json: {},
  parquet: {},
};

/** True when `value` is a supported format. */
export function isFormat(value: unknown): value is Format {
  return typeof value === 'string' && (FORMATS as readonly string[]).includes(value);
}

/** True when `value` is a supported write mode. */
export function isWriteMode(value: unknown): value is WriteMode {
  return typeof value === 'string' && (WRITE_MODES as readonly string[]).includes(value);
}

/** Every spelling a format accepts for its options, canonical names first, for messages. */
export function acceptedOptionNames(format: Format): readonly string[] {
  const specs = FORMAT_OPTIONS[format];
  return [...specs.map((spec) => spec.name), ...specs.flatMap((spec) => spec.aliases ?? [])];
}

/** The option spec a written name refers to (case-insensitive), if any. */
export function findOption(format: Format, written: string): OptionSpec | undefined {
  const lower = written.toLowerCase();
  return FORMAT_OPTIONS[format].find(
    (spec) => spec.name.toLowerCase() === lower || (spec.aliases ?? []).some((alias) => alias.toLowerCase() === lower),
  );
}

/** Why a set of options was refused. */
export type OptionIssue =
  | { readonly kind: 'unknown'; readonly name: string; readonly accepted: readonly string[] }
  | { readonly kind: 'duplicate'; readonly name: string; readonly first: string }
  | { readonly kind: 'not-boolean'; readonly name: string; readonly value: string };

/** Result of normalizing options. */
export type OptionsResult =
  | { readonly ok: true; readonly options: Readonly<Record<string, string>> }
  | { readonly ok: false; readonly issue: OptionIssue };

/**
 * Checks written options against a format and returns them under canonical names, boolean values
 * lower-cased (`True` -> `true`). Stops at the first problem in written order.
 */
export function normalizeOptions(format: Format, written: Readonly<Record<string, string>>): OptionsResult {
  const options: Record<string, string> = {};
  const writtenAs = new Map<string, string>();
  for (const name of Object.keys(written)) {
    const value = written[name] as string;
    const spec = findOption(format, name);
    if (spec === undefined) {
      return { ok: false, issue: { kind: 'unknown', name, accepted: acceptedOptionNames(format) } };
    }
    const first = writtenAs.get(spec.name);
    if (first !== undefined) return { ok: false, issue: { kind: 'duplicate', name, first } };
    writtenAs.set(spec.name, name);
    if (spec.type === 'boolean') {
      const lower = value.toLowerCase();
      if (lower !== 'true' && lower !== 'false') return { ok: false, issue: { kind: 'not-boolean', name, value } };
      options[spec.name] = lower;
    } else {
      options[spec.name] = value;
    }
  }
  return { ok: true, options };
}

/** The options an engine should apply: the format's defaults overlaid with the written ones. */
export function effectiveOptions(format: Format, options: Readonly<Record<string, string>>): Record<string, string> {
  return { ...DEFAULT_OPTIONS[format], ...options };
}
