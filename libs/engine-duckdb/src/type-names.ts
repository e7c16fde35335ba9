/**
 * DuckDB column types and their portable names. Input columns are converted on read to the
 * closest type with a contract name (string, integer, long, double, boolean, date, timestamp,
 * decimal(p,s)), so InspectSource and every backend see only those.
 */
import { arrayType, mapType, structType, type DataType } from '@pipeline/engine-core';

const SIMPLE: Readonly<Record<string, DataType>> = {
  VARCHAR: 'string',
  BOOLEAN: 'boolean',
  TINYINT: 'byte',
  SMALLINT: 'short',
  INTEGER: 'integer',
  BIGINT: 'long',
  FLOAT: 'float',
  DOUBLE: 'double',
  DATE: 'date',
  TIMESTAMP: 'timestamp',
  TIME: 'time',
  // The carrier of a variant (spec 9.13.13); a JSON input column is still read as its text.
  JSON: 'variant',
};

/** DuckDB types that are read as they are: each has a contract name. */
const CONTRACT_TYPES: ReadonlySet<string> = new Set(['VARCHAR', 'BOOLEAN', 'INTEGER', 'BIGINT', 'DOUBLE', 'DATE', 'TIMESTAMP']);

/**
 * Conversions applied to input columns: DuckDB type -> the DuckDB type it is cast to on read, the
 * closest one with a contract name. Unsigned 64-bit integers become decimal(20,0) (every value
 * fits exactly); 128-bit integers become decimal(38,0), DuckDB's widest decimal (a value of 39
 * digits fails to read rather than losing digits). Lists (and fixed-size arrays), structs and maps
 * are kept, their parts converted by the same rules (spec 10.1 nested types). Every other type
 * (time, interval, blob, uuid, bit, unions, enums, JSON) is read as its text.
 */
const NORMALIZE: Readonly<Record<string, string>> = {
  'TIMESTAMP WITH TIME ZONE': 'TIMESTAMP',
  TIMESTAMP_NS: 'TIMESTAMP',
  TIMESTAMP_MS: 'TIMESTAMP',
  TIMESTAMP_S: 'TIMESTAMP',
  TINYINT: 'INTEGER',
  SMALLINT: 'INTEGER',
  UTINYINT: 'INTEGER',
  USMALLINT: 'INTEGER',
  UINTEGER: 'BIGINT',
  UBIGINT: 'DECIMAL(20,0)',
  HUGEINT: 'DECIMAL(38,0)',
  UHUGEINT: 'DECIMAL(38,0)',
  FLOAT: 'DOUBLE',
};

/** The DuckDB type an input column of type `duckType` is converted to on read, if any. */
export function normalizedDuckDbType(duckType: string): string | undefined {
  const nested = parseDuckDbType(duckType);
  if (nested.kind !== 'base') {
    const normalized = renderDuckDbType(normalizeTree(nested));
    return normalized === renderDuckDbType(nested) ? undefined : normalized;
  }
  if (CONTRACT_TYPES.has(duckType) || /^DECIMAL\(\d+,\s*\d+\)$/.test(duckType)) return undefined;
  return NORMALIZE[duckType] ?? 'VARCHAR';
}

/** The contract name of an input column read from a DuckDB column of type `duckType` (after `normalizedDuckDbType`). */
export function inputTypeName(duckType: string): DataType {
  return portableTypeName(normalizedDuckDbType(duckType) ?? duckType);
}

/** The portable name of a DuckDB type; types without one keep their DuckDB name, lower-cased. */
export function portableTypeName(duckType: string): DataType {
  const nested = parseDuckDbType(duckType);
  if (nested.kind === 'list') return arrayType(portableTypeName(renderDuckDbType(nested.element)));
  if (nested.kind === 'map') return mapType(portableTypeName(renderDuckDbType(nested.key)), portableTypeName(renderDuckDbType(nested.value)));
  if (nested.kind === 'struct') return structType(nested.fields.map((f) => ({ name: f.name, type: portableTypeName(renderDuckDbType(f.type)) })));
  const simple = SIMPLE[duckType];
  if (simple !== undefined) return simple;
  const dec = /^DECIMAL\((\d+),\s*(\d+)\)$/.exec(duckType);
  if (dec !== null) return `decimal(${dec[1]},${dec[2]})`;
  const normalized = normalizedDuckDbType(duckType);
  if (normalized !== undefined) return portableTypeName(normalized);
  return duckType.toLowerCase();
}

/** A DuckDB type taken apart: a list, struct or map with its parts, or any other type by its name. */
export type DuckDbTypeTree =
  | { readonly kind: 'base'; readonly name: string }
  | { readonly kind: 'list'; readonly element: DuckDbTypeTree; /** A fixed-size ARRAY's size (read as a list). */ readonly size?: string }
  | { readonly kind: 'map'; readonly key: DuckDbTypeTree; readonly value: DuckDbTypeTree }
  | { readonly kind: 'struct'; readonly fields: readonly { readonly name: string; readonly type: DuckDbTypeTree }[] };

/**
 * Parses a DuckDB type as DESCRIBE prints it: `INTEGER[]`, `VARCHAR[3]`, `MAP(VARCHAR, BIGINT)`,
 * `STRUCT(a INTEGER, "b c" VARCHAR[])`. Text it cannot take apart (a UNION) is one base type.
 */
export function parseDuckDbType(text: string): DuckDbTypeTree {
  let i = 0;
  const s = text.trim();
  const space = (): void => {
    while (s[i] === ' ') i++;
  };
  const name = (): string => {
    space();
    if (s[i] === '"') {
      let out = '';
      i++;
      while (i < s.length) {
        if (s[i] === '"' && s[i + 1] === '"') {
          out += '"';
          i += 2;
        } else if (s[i] === '"') {
          i++;
          break;
        } else out += s[i++];
      }
      return out;
    }
    const start = i;
    while (i < s.length && s[i] !== ' ') i++;
    return s.slice(start, i);
  };
  const type = (): DuckDbTypeTree => {
    space();
    let tree: DuckDbTypeTree;
    const upper = s.slice(i).toUpperCase();
    if (upper.startsWith('STRUCT(')) {
      i += 7;
      const fields: { name: string; type: DuckDbTypeTree }[] = [];
      while (i < s.length && s[i] !== ')') {
        const fieldName = name();
        fields.push({ name: fieldName, type: type() });
        space();
        if (s[i] === ',') i++;
      }
      i++;
      tree = { kind: 'struct', fields };
    } else if (upper.startsWith('MAP(')) {
      i += 4;
      const key = type();
      space();
      i++; // ","
      const value = type();
      space();
      i++; // ")"
      tree = { kind: 'map', key, value };
    } else {
      // A base type runs to the next top-level "," ")" or "[" (DECIMAL(10,2) keeps its brackets).
      const start = i;
      let depth = 0;
      while (i < s.length) {
        const c = s[i];
        if (c === '(') depth++;
        else if (c === ')') {
          if (depth === 0) break;
          depth--;
        } else if ((c === ',' || c === '[') && depth === 0) break;
        i++;
      }
      tree = { kind: 'base', name: s.slice(start, i).trim() };
    }
    while (s[i] === '[') {
      const close = s.indexOf(']', i);
      const size = close < 0 ? '' : s.slice(i + 1, close);
      i = close < 0 ? s.length : close + 1;
      tree = size === '' ? { kind: 'list', element: tree } : { kind: 'list', element: tree, size };
    }
    return tree;
  };
  const tree = type();
  return i >= s.length ? tree : { kind: 'base', name: s };
}

/** DuckDB's text of a type tree (struct field names always quoted). */
export function renderDuckDbType(tree: DuckDbTypeTree): string {
  switch (tree.kind) {
    case 'base':
      return tree.name;
    case 'list':
      return `${renderDuckDbType(tree.element)}[${tree.size ?? ''}]`;
    case 'map':
      return `MAP(${renderDuckDbType(tree.key)}, ${renderDuckDbType(tree.value)})`;
    case 'struct':
      return `STRUCT(${tree.fields.map((f) => `"${f.name.replace(/"/g, '""')}" ${renderDuckDbType(f.type)}`).join(', ')})`;
  }
}

function normalizeTree(tree: DuckDbTypeTree): DuckDbTypeTree {
  switch (tree.kind) {
    case 'base':
      return { kind: 'base', name: normalizedDuckDbType(tree.name) ?? tree.name };
    case 'list':
      return { kind: 'list', element: normalizeTree(tree.element) };
    case 'map':
      return { kind: 'map', key: normalizeTree(tree.key), value: normalizeTree(tree.value) };
    case 'struct':
      return { kind: 'struct', fields: tree.fields.map((f) => ({ name: f.name, type: normalizeTree(f.type) })) };
  }
}
