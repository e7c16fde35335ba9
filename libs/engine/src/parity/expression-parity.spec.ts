/**
 * Parity of the two expression compilers: every expression of __fixtures__/expression-cases.ts is
 * evaluated by DuckDB (through the SQL compiler) and by the JavaScript evaluator over the same rows
 * (NULLs, negatives, zero, extremes). Both must give the same result type and the same value texts, or fail with the
 * same error code.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { AGGREGATE_EXPRESSIONS, ERROR_EXPRESSIONS, ROW_EXPRESSIONS, WIDENING } from '../__fixtures__/expression-cases';
import { duckdbGroups, duckdbRows, jsGroups, jsRows, openHarness } from '../__fixtures__/expression-harness';

describe('DuckDB and JavaScript evaluate expressions identically', () => {
  let conn: DuckDBConnection;
  let close: () => void;
  beforeAll(async () => {
    ({ conn, close } = await openHarness());
  });
  afterAll(() => close());

  it.each(ROW_EXPRESSIONS)('%s', async (text) => {
    const duck = await duckdbRows(conn, text);
    const js = jsRows(text);
    expect('error' in duck ? duck : undefined).toBeUndefined();
    expect(js).toEqual(duck);
  });

  it.each(ERROR_EXPRESSIONS)('fails alike: %s', async (text) => {
    const duck = await duckdbRows(conn, text);
    const js = jsRows(text);
    expect('error' in duck).toBe(true);
    expect('error' in js && js.error).toBe('error' in duck && duck.error);
  });

  it.each(WIDENING)('widens %s to %s (spec 10.2)', async (text, widened) => {
    const duck = await duckdbRows(conn, text);
    expect(duck).toMatchObject({ type: widened });
    expect(jsRows(text)).toEqual(duck);
  });

  it.each(AGGREGATE_EXPRESSIONS)('aggregate %s', async (text) => {
    const duck = await duckdbGroups(conn, text);
    const js = jsGroups(text);
    expect('error' in duck ? duck : undefined).toBeUndefined();
    expect(js).toEqual(duck);
  });
});
