/**
 * Calls of the catalogue functions the shared expression cases (__fixtures__/expression-cases.ts)
 * do not reach, over the same harness columns, so the Spark parity suite covers every function:
 * each runs on Spark with DuckDB's values, or is refused at submission. The clock functions are
 * compared through a condition that holds at any time of day.
 */
export const EXTRA_FUNCTION_CASES = {
  rows: [
    // numbers
    'exp(i % 5)', 'exp(d)', 'ln(d)', 'ln(i)', 'log10(l)', 'log2(i)', 'log(d)', 'log(2, l)', 'log(i, 8)', 'cbrt(d)', 'cbrt(i)',
    // infinities and NaN compared rather than written (how each backend spells them is apart)
    "i / 0 > CAST('1e308' AS double)", "d / 0 < CAST('-1e308' AS double)", "0.0 / 0 > CAST('1e308' AS double)", "log(i, 8) > CAST('1e308' AS double)",
    "1 / CAST('-0.0' AS double) < 0",
    // more edges of the string functions
    'substring(s, -2, 1)', 'substring(s, -1, -2)', 'substring(s, 7, -4)', 'substring(s, 0, -1)', 'substring(s, -9, 3)', 'substring(s, 4, -9)', "split_part('a\u{1f986}b', '', -1)", "split_part(s, '', 9)",
    "locate('', s, 0)", "regexp_replace('abc', '$', '<')", "regexp_extract('bob', '(?P<first>b)(o)', 2)", "s LIKE 'a\\b'", "CAST('0.5' AS integer)",
    // the clock, and temporal constructors
    "current_date() >= DATE '2024-01-01'", 'current_timestamp() > ts', 'current_timestamp_ntz() > ts', 'current_time() IS NOT NULL',
    'make_time(i % 24, 30, 0)', "to_timestamp_ntz('2024-01-31 10:00:00')",
    // collections and higher-order functions
    'size(array(i, l))', 'array_contains(array(1, 2), i)', 'array_distinct(array(1, 1, i))', 'array_sort(array(3, 1, i))',
    'array_union(array(1), array(i))', 'array_intersect(array(1), array(i))', 'array_except(array(1, 2), array(i))',
    "array_join(array(s, 'x'), ',')", 'array_position(array(1, i), i)', 'array_remove(array(1, i), 1)', 'array_repeat(s, 2)',
    'arrays_zip(array(1), array(s))', 'array_compact(array(i, NULL))', 'flatten(array(array(1), array(i)))', 'element_at(array(1, i), 2)',
    'struct(i, s)', "named_struct('a', i)", "map('k', i)", 'transform(array(1, i), x -> x + 1)', 'filter(array(1, i), x -> x > 0)',
    'exists(array(1, i), x -> x > 0)', 'forall(array(1, i), x -> x > 0)', "map_keys(map('k', i))", "map_values(map('k', i))",
    "map_concat(map('a', 1), map('b', i))", "map_from_arrays(array('a'), array(i))", "map_from_entries(array(struct('a', i)))",
    "map_entries(map('a', i))", "transform_keys(map('a', i), (k, v) -> upper(k))", "transform_values(map('a', i), (k, v) -> v + 1)",
    "map_filter(map('a', i), (k, v) -> v > 0)", 'zip_with(array(1), array(i), (x, y) -> x + y)', "with_field(named_struct('a', i), 'b', s)",
    "drop_fields(named_struct('a', i, 'b', s), 'b')", 'aggregate(array(1, i), 0, (acc, x) -> acc + x)',
    // JSON and variant
    `from_json('{"a": 1}', 'struct<a: int>')`, "to_json(named_struct('a', i))", `get_json_object('{"a": 1}', '$.a')`, `schema_of_json('{"a": 1}')`,
    `parse_json('{"a": 1}')`, `variant_get(parse_json('{"a": 1}'), '$.a', 'int')`, "try_variant_get(parse_json('1'), '$', 'int')",
    "is_variant_null(parse_json('null'))", "schema_of_variant(parse_json('1'))",
    // generators
    'explode(array(1, i))', 'explode_outer(array(i))', 'posexplode(array(s))', `json_tuple('{"a": 1}', 'a')`,
  ],
  aggregates: ['corr(d, i)', 'covar_pop(d, i)', 'covar_samp(i, l)', 'skewness(d)', 'kurtosis(i)', 'percentile(i, 0.5)', 'percentile_approx(i, 0.5)'],
};
