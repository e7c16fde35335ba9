import { sparkCatalogue } from '@pipeline/spark-connect';
import { sparkFailure } from './spark-errors';

const failed = (errorClass: string, message: string) => sparkCatalogue.create('SPARK_QUERY_FAILED', { errorClass, sqlState: '22000', message });
const blame = { asset: 'step', field: 'columns' };

describe('a failed Spark query as an engine error', () => {
  it('gives a value Spark cannot convert the code DuckDB gives (E_TYPE, E-TYPE-001)', () => {
    expect(sparkFailure(failed('CAST_INVALID_INPUT', "The value 'x' of the type \"STRING\" cannot be cast to \"INT\""), blame)).toMatchObject({
      code: 'E_TYPE',
      details: { asset: 'step', specCode: 'E-TYPE-001' },
    });
  });

  it('gives a cast out of range E_TYPE too, as DuckDB\'s Conversion Error', () => {
    expect(sparkFailure(failed('CAST_OVERFLOW', 'The value 3000000000L of the type "BIGINT" cannot be cast to "INT" due to an overflow'), blame)).toMatchObject({ code: 'E_TYPE' });
  });

  it('gives an overflow, and the compiler\'s own raise_error, E_VALUE', () => {
    for (const errorClass of ['ARITHMETIC_OVERFLOW', 'NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION', 'DATETIME_OVERFLOW', 'USER_RAISED_EXCEPTION']) {
      expect(sparkFailure(failed(errorClass, 'overflow'), blame)).toMatchObject({ code: 'E_VALUE', message: expect.stringContaining('value out of range: ') });
    }
  });

  it("gives the compiler's failed decimal cast E_TYPE (E-TYPE-001), as DuckDB's Conversion Error", () => {
    expect(sparkFailure(failed('USER_RAISED_EXCEPTION', 'cannot convert the value 1234567890 to DECIMAL(12,3) SQLSTATE: P0001'), blame)).toMatchObject({
      code: 'E_TYPE',
      details: { asset: 'step', specCode: 'E-TYPE-001' },
    });
  });

  it('gives a pattern Java cannot compile E_BAD_PATTERN, as RE2 failing on DuckDB', () => {
    expect(sparkFailure(failed('INVALID_PARAMETER_VALUE.PATTERN', 'The value of parameter(s) `regexp` in `rlike` is invalid: Unclosed group'), blame)).toMatchObject({ code: 'E_BAD_PATTERN' });
    // call-errors.ts adds the exception's class to the details where Spark names it.
    const thrown = sparkCatalogue.create('SPARK_QUERY_FAILED', { message: 'Unclosed group near index 1', exception: 'java.util.regex.PatternSyntaxException' } as { message: string });
    expect(sparkFailure(thrown, blame)).toMatchObject({ code: 'E_BAD_PATTERN', details: { asset: 'step' } });
    const aborted = 'Job aborted due to stage failure: Task 0 in stage 3264.0 failed 1 times, most recent failure: java.util.regex.PatternSyntaxException: Unclosed group near index 2';
    expect(sparkFailure(failed('', aborted), blame)).toMatchObject({ code: 'E_BAD_PATTERN' });
  });

  it('keeps any other failure E_EXECUTION, naming the asset', () => {
    expect(sparkFailure(failed('UNRESOLVED_COLUMN', 'no such column'), blame)).toMatchObject({ code: 'E_EXECUTION', message: expect.stringMatching(/^asset "step"/) });
  });
});
