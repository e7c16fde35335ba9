/**
 * The literal arguments of a call as the binder resolved them, one entry per function that takes
 * any: `date_trunc('month', d)` is bound with `params: { unit: 'month' }`. The binder reads and
 * checks each literal once (check/function-types); both backends read these values and never the
 * literal's text, so a literal cannot be parsed twice, nor differently, nor not at all.
 *
 * A bound call of a function listed here carries `params` of its entry's type, and a call of any
 * other function has none (see `CallOf` in check/bound-expr): a backend reading a parameter the
 * binder did not resolve does not compile.
 */
import type { FunctionName, JsonPathStep, ReplacementPiece } from '@pipeline/definition';
import type { DatePattern } from '../formats/date-pattern';
import type { DataType } from '../types/data-type';
import type { TruncationUnit } from '../values/truncate';

/** A field of a struct a function builds: its name, its type and the field of the input it copies (absent for with_field's new value). */
export interface EditedField {
  readonly name: string;
  readonly type: DataType;
  readonly from?: string;
}

/** The pattern a text is read with (to_date(s, 'dd/MM/yyyy')); absent when the call gives none. */
export interface ReadPattern {
  readonly pattern: DatePattern | undefined;
}

/** A JSONPath literal (`'$.a.b[0]'`), read into steps. */
export interface JsonPath {
  readonly path: readonly JsonPathStep[];
}

/** The parameters each function with literal arguments is bound with. */
export interface CallParams {
  readonly percentile: { readonly fraction: number };
  readonly percentile_approx: { readonly fraction: number };
  /** The RE2 pattern and the group (1 when absent) to extract. */
  readonly regexp_extract: { readonly pattern: string; readonly group: number };
  /** The RE2 pattern and the replacement read into text and `$n` group pieces. */
  readonly regexp_replace: { readonly pattern: string; readonly replacement: readonly ReplacementPiece[] };
  /** months_between's roundOff: its boolean literal, true when absent. */
  readonly months_between: { readonly roundOff: boolean };
  /** The ISO weekday (1 Monday .. 7 Sunday) named by next_day's literal. */
  readonly next_day: { readonly weekday: number };
  readonly to_date: ReadPattern;
  readonly to_timestamp: ReadPattern;
  readonly to_timestamp_ntz: ReadPattern;
  readonly unix_timestamp: ReadPattern;
  /** The pattern written with: the call's, else Spark's default 'yyyy-MM-dd HH:mm:ss'. */
  readonly from_unixtime: { readonly pattern: DatePattern };
  readonly date_format: { readonly pattern: DatePattern };
  readonly date_trunc: { readonly unit: TruncationUnit };
  /** from_json's schema: a struct, array or map type (the call's type). */
  readonly from_json: { readonly schema: DataType };
  readonly get_json_object: JsonPath;
  /** The path and the type read there (the call's type). */
  readonly variant_get: JsonPath & { readonly type: DataType };
  readonly try_variant_get: JsonPath & { readonly type: DataType };
  /** The JSON text literal whose schema is asked for. */
  readonly schema_of_json: { readonly json: string };
  /** The keys whose values json_tuple's columns hold, in order. */
  readonly json_tuple: { readonly keys: readonly string[] };
  /** The field names, in order; a value follows each name. */
  readonly named_struct: { readonly names: readonly string[] };
  /** The result struct's fields, each with the input field it copies. */
  readonly with_field: { readonly fields: readonly EditedField[] };
  readonly drop_fields: { readonly fields: readonly EditedField[] };
}

/** The functions whose calls carry resolved parameters. */
export type ParamFunctionName = keyof CallParams;

/** The functions whose calls carry none. */
export type PlainFunctionName = Exclude<FunctionName, ParamFunctionName>;

// Every entry names a catalogue function (a misspelt key would leave this record a field short).
const ENTRIES_NAME_FUNCTIONS: Record<Exclude<keyof CallParams, FunctionName>, never> = {};
void ENTRIES_NAME_FUNCTIONS;
