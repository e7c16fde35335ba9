/**
 * JSON documents for the JavaScript backend: a small parser that reads one array of records or
 * any sequence of records (newline-delimited or pretty-printed), keeps each number's written form
 * (so `1.0` stays a double, as DuckDB reads it) and accepts DuckDB's bare NaN and Infinity.
 */
import { MAX_JSON_DEPTH } from '@pipeline/definition';
import { JSON_FILE_TOO_DEEP } from './json-depth-scan';

/** A number as written. */
export interface JsonNumber {
  readonly kind: 'number';
  readonly text: string;
  readonly value: number;
  /** Written without fraction or exponent. */
  readonly integer: boolean;
}

/** A parsed JSON value; objects keep key order in a Map (safe for any key, `__proto__` included). */
export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | Map<string, JsonValue>;

/** Why a JSON text cannot be read; the caller names the asset and path. */
export class JsonSyntaxError extends Error {}

/** Parses every top-level value of `text` (an array counts as its elements when `spreadArray`). */
export function parseJsonDocuments(text: string): JsonValue[] {
  const p = new Parser(text);
  const values: JsonValue[] = [];
  p.skipSpace();
  while (!p.atEnd()) {
    values.push(p.value(0));
    p.skipSpace();
  }
  return values;
}


class Parser {
  private i = 0;
  constructor(private readonly s: string) {
    if (s.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  atEnd(): boolean {
    return this.i >= this.s.length;
  }

  skipSpace(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i])) this.i++;
  }

  private fail(what: string): never {
    const before = this.s.slice(0, this.i);
    const line = before.split('\n').length;
    throw new JsonSyntaxError(`${what} at line ${line}`);
  }

  /** A value inside `depth` arrays and objects (the bound and its words are DuckDB's, see json-depth-scan). */
  value(depth: number): JsonValue {
    this.skipSpace();
    const c = this.s[this.i];
    if ((c === '{' || c === '[') && depth >= MAX_JSON_DEPTH) this.fail(JSON_FILE_TOO_DEEP);
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9') || c === 'N' || c === 'I') return this.number();
    if (this.s.startsWith('true', this.i)) return this.literal('true', true);
    if (this.s.startsWith('false', this.i)) return this.literal('false', false);
    if (this.s.startsWith('null', this.i)) return this.literal('null', null);
    return this.fail(c === undefined ? 'unexpected end of JSON' : `unexpected character ${JSON.stringify(c)}`);
  }

  private literal(word: string, v: boolean | null): boolean | null {
    this.i += word.length;
    return v;
  }

  private object(depth: number): Map<string, JsonValue> {
    const out = new Map<string, JsonValue>();
    this.i++;
    this.skipSpace();
    if (this.s[this.i] === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.skipSpace();
      if (this.s[this.i] !== '"') this.fail('expected a quoted key');
      const key = this.string();
      this.skipSpace();
      if (this.s[this.i] !== ':') this.fail('expected ":"');
      this.i++;
      out.set(key, this.value(depth + 1));
      this.skipSpace();
      const c = this.s[this.i++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected "," or "}"');
    }
  }

  private array(depth: number): JsonValue[] {
    const out: JsonValue[] = [];
    this.i++;
    this.skipSpace();
    if (this.s[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value(depth + 1));
      this.skipSpace();
      const c = this.s[this.i++];
      if (c === ']') return out;
      if (c !== ',') this.fail('expected "," or "]"');
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    let simple = true;
    while (this.i < this.s.length) {
      const c = this.s[this.i];
      if (c === '"') {
        this.i++;
        const raw = this.s.slice(start, this.i);
        return simple ? raw.slice(1, -1) : (JSON.parse(raw) as string);
      }
      if (c === '\\') {
        simple = false;
        this.i += 2;
      } else {
        if (c < ' ') this.fail('control character in string');
        this.i++;
      }
    }
    return this.fail('unterminated string');
  }

  private number(): JsonNumber {
    const rest = this.s.slice(this.i, this.i + 400);
    const special = /^-?(NaN|Infinity)/.exec(rest);
    if (special !== null) {
      this.i += special[0].length;
      const value = special[1] === 'NaN' ? NaN : special[0].startsWith('-') ? -Infinity : Infinity;
      return { kind: 'number', text: special[0], value, integer: false };
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    if (m === null) return this.fail('invalid number');
    this.i += m[0].length;
    return { kind: 'number', text: m[0], value: Number(m[0]), integer: m[2] === undefined && m[3] === undefined };
  }
}

/** JSON text of a parsed value (for columns of mixed kinds, which DuckDB reads as JSON text). */
export function jsonText(v: JsonValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  return v.text;
}
