import { FUNCTION_CATALOGUE, FUNCTION_NAMES, FUNCTIONS, describeArity, isFunctionName, lookupFunction, type FunctionName } from './functions';

describe('function catalogue', () => {
  it('lists exactly the supported functions, lower-case', () => {
    expect([...FUNCTION_NAMES].sort()).toEqual(
      [
        'abs', 'add_months', 'avg', 'ceil', 'coalesce', 'concat', 'corr', 'count', 'covar_pop', 'covar_samp', 'current_date', 'current_timestamp', 'date_add',
        'date_diff', 'date_trunc', 'day', 'floor', 'grouping', 'hour', 'ifnull', 'kurtosis', 'last_day', 'length', 'lower', 'ltrim', 'max', 'median', 'min',
        'minute', 'mod', 'month', 'nullif', 'percentile', 'percentile_approx', 'power', 'replace', 'round', 'rtrim', 'second', 'skewness', 'sqrt', 'stddev',
        'stddev_pop', 'stddev_samp', 'substring', 'sum', 'to_date', 'to_timestamp', 'trim', 'upper', 'var_pop', 'var_samp', 'variance', 'year',
        // the wider scalar catalogue
        'cbrt', 'concat_ws', 'date_format', 'date_sub', 'datediff', 'dayofweek', 'dayofyear', 'ends_with', 'exp', 'from_unixtime', 'greatest', 'if',
        'iff', 'initcap', 'instr', 'isnotnull', 'isnull', 'least', 'left', 'ln', 'locate', 'log', 'log10', 'log2', 'lpad', 'make_date', 'make_dt_interval', 'make_interval', 'make_ym_interval', 'months_between', 'next_day',
        'nvl', 'nvl2', 'pi', 'pow', 'quarter', 'regexp_extract', 'regexp_replace', 'repeat', 'reverse', 'right', 'rpad', 'sign', 'signum',
        'split_part', 'starts_with', 'substr', 'timestamp_seconds', 'unix_timestamp', 'weekofyear',
        // nested values (spec 9.7, 10.1)
        'array', 'array_contains', 'element_at', 'map', 'named_struct', 'size', 'struct', 'transform', 'filter', 'exists', 'aggregate',
        // JSON, variant and time of day (spec 9.13.10, 9.13.13, 9.13.11)
        'from_json', 'to_json', 'get_json_object', 'schema_of_json', 'parse_json', 'variant_get', 'try_variant_get', 'is_variant_null', 'schema_of_variant',
        'current_time', 'make_time', 'current_timestamp_ntz', 'to_timestamp_ntz',
        // array functions (spec 9.13.7)
        'array_compact', 'array_distinct', 'array_except', 'array_intersect', 'array_join', 'array_position', 'array_remove', 'array_repeat', 'array_sort',
        'array_union', 'arrays_zip', 'flatten',
        // map, higher-order and struct functions (spec 9.13.7-9.13.9), grouping_id (9.13.12)
        'forall', 'map_keys', 'map_values', 'map_concat', 'map_from_arrays', 'map_from_entries', 'map_entries', 'transform_keys', 'transform_values',
        'map_filter', 'zip_with', 'with_field', 'drop_fields', 'grouping_id',
        // generators (spec 9.13.7, 9.13.10)
        'explode', 'explode_outer', 'posexplode', 'json_tuple',
      ].sort(),
    );
    for (const name of FUNCTION_NAMES) expect(name).toBe(name.toLowerCase());
  });

  it('marks exactly the aggregates', () => {
    expect(FUNCTIONS.filter((f) => f.aggregate).map((f) => f.name)).toEqual([
      'count', 'sum', 'avg', 'min', 'max', 'stddev', 'stddev_samp', 'stddev_pop', 'variance', 'var_samp', 'var_pop', 'median',
      'corr', 'covar_pop', 'covar_samp', 'skewness', 'kurtosis', 'percentile', 'percentile_approx', 'grouping', 'grouping_id',
    ]);
    expect(FUNCTIONS.filter((f) => f.allowsStar === true).map((f) => f.name)).toEqual(['count']);
    expect(FUNCTIONS.filter((f) => f.allowsDistinct === true).map((f) => f.name)).toEqual(['count', 'sum', 'avg']);
    expect(FUNCTIONS.filter((f) => f.generator === true).map((f) => f.name)).toEqual(['explode', 'explode_outer', 'posexplode', 'json_tuple']);
  });

  it('shares argument types from the first value argument on in if, iff and nvl2', () => {
    expect(FUNCTIONS.filter((f) => f.sharedArgsFrom !== undefined).map((f) => [f.name, f.sharedArgsFrom])).toEqual([
      ['nvl2', 1],
      ['if', 1],
      ['iff', 1],
    ]);
  });

  it('keeps every entry consistent', () => {
    for (const f of FUNCTIONS) {
      expect(f.minArgs).toBeGreaterThanOrEqual(0);
      if (f.maxArgs !== null) expect(f.maxArgs).toBeGreaterThanOrEqual(f.minArgs);
      expect(f.aggregate).toBe(f.category === 'aggregate');
      expect(f.description).toMatch(/^[A-Za-z(].*\.$/);
    }
  });

  it('gives FunctionName as the union of the keys, for engine tables', () => {
    const arities = {
      ...Object.fromEntries(FUNCTION_NAMES.map((n) => [n, FUNCTION_CATALOGUE[n].minArgs])),
    } as Record<FunctionName, number>;
    expect(arities.round).toBe(1);
    expect(FUNCTION_CATALOGUE.round.maxArgs).toBe(2);
    expect(FUNCTION_CATALOGUE.concat.maxArgs).toBeNull();
  });

  it('looks names up case-insensitively', () => {
    expect(lookupFunction('AVG')).toMatchObject({ name: 'avg', aggregate: true, minArgs: 1, maxArgs: 1 });
    expect(lookupFunction('Substring')).toMatchObject({ name: 'substring', minArgs: 2, maxArgs: 3 });
    expect(lookupFunction('foo')).toBeUndefined();
    expect(lookupFunction('toString')).toBeUndefined();
    expect(lookupFunction('__proto__')).toBeUndefined();
    expect(isFunctionName('sum')).toBe(true);
    expect(isFunctionName('SUM')).toBe(false);
    expect(isFunctionName('constructor')).toBe(false);
  });

  it('describes arity in words', () => {
    expect(describeArity({ minArgs: 1, maxArgs: 1 })).toBe('1 argument');
    expect(describeArity({ minArgs: 2, maxArgs: 2 })).toBe('2 arguments');
    expect(describeArity({ minArgs: 0, maxArgs: 0 })).toBe('no arguments');
    expect(describeArity({ minArgs: 1, maxArgs: 2 })).toBe('1 to 2 arguments');
    expect(describeArity({ minArgs: 1, maxArgs: null })).toBe('at least 1 argument');
    expect(describeArity({ minArgs: 2, maxArgs: null })).toBe('at least 2 arguments');
  });
});
