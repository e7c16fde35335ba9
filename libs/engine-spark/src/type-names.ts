/** Portable type names (section 6) to Spark's DDL names and back. */
import type { SparkType } from '@pipeline/spark-connect';
import {
  engineError,
  arrayType,
  decimalParts,
  decimalType,
  mapType,
  nestedParts,
  structType,
  type DataType,
} from '@pipeline/engine-core';
import { sparkIdentifier } from './sql-text';

/** Spark's name for a portable type (a cast target). Timestamps are Spark's TIMESTAMP_NTZ: wall-clock values, as DuckDB's TIMESTAMP. */
export function sparkTypeOf(t: DataType): string {
  switch (t) {
    case 'string':
      return 'STRING';
    case 'byte':
      return 'TINYINT';
    case 'short':
      return 'SMALLINT';
    case 'integer':
      return 'INT';
    case 'long':
      return 'BIGINT';
    case 'float':
      return 'FLOAT';
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'timestamp':
      return 'TIMESTAMP_NTZ';
    default: {
      const dec = decimalParts(t);
      if (dec !== undefined) return `DECIMAL(${dec.precision},${dec.scale})`;
      const nested = nestedParts(t);
      if (nested?.kind === 'array') return `ARRAY<${sparkTypeOf(nested.element)}>`;
      if (nested?.kind === 'map') return `MAP<${sparkTypeOf(nested.key)}, ${sparkTypeOf(nested.value)}>`;
      if (nested?.kind === 'struct') return `STRUCT<${nested.fields.map((f) => `${sparkIdentifier(f.name)}: ${sparkTypeOf(f.type)}`).join(', ')}>`;
      throw engineError('E_TYPE', { problem: `type ${t} has no Spark cast target on backend "spark"` });
    }
  }
}

/** The portable type of a Spark column type; `null` when Spark's type has no portable counterpart. */
export function portableTypeOf(t: SparkType): DataType | null {
  switch (t.kind) {
    case 'null':
      return 'null';
    case 'boolean':
    case 'byte':
    case 'short':
    case 'integer':
    case 'long':
    case 'float':
    case 'double':
    case 'string':
    case 'date':
    case 'variant':
      return t.kind;
    case 'char':
    case 'varchar':
      return 'string';
    case 'timestamp':
    case 'timestamp_ntz':
      return 'timestamp';
    case 'decimal':
      return decimalType(t.precision, t.scale);
    case 'array': {
      const element = portableTypeOf(t.element);
      return element === null ? null : arrayType(element);
    }
    case 'map': {
      const key = portableTypeOf(t.key);
      const value = portableTypeOf(t.value);
      return key === null || value === null ? null : mapType(key, value);
    }
    case 'struct': {
      const fields = t.fields.map((f) => ({ name: f.name, type: portableTypeOf(f.type) }));
      return fields.some((f) => f.type === null) ? null : structType(fields as { name: string; type: DataType }[]);
    }
    default:
      return null;
  }
}
