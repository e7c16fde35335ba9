import { DuckDBInstance } from '@duckdb/node-api';
import { parseDuckDbJson, rowsFromJson } from './rows-sql';

describe('rows of a DuckDB relation as JSON', () => {
  it("reads DuckDB's own to_json text of nested NaN and infinities (which JSON.parse refuses) as the text a top-level value gets", async () => {
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    try {
      const sql = `SELECT CAST(to_json([1.5, 'NaN'::DOUBLE, 'Infinity'::DOUBLE, '-Infinity'::DOUBLE]) AS VARCHAR),
        CAST(to_json({'x': 'NaN'::DOUBLE, 'label': 'NaN, Infinity "quoted" \\ end'}) AS VARCHAR)`;
      const texts = (await connection.runAndReadAll(sql)).getRows();
      expect(() => JSON.parse(String(texts[0][0]))).toThrow(SyntaxError);
      const columns = [
        { name: 'a', type: 'array<double>' },
        { name: 's', type: 'struct<x:double,label:string>' },
      ] as Parameters<typeof rowsFromJson>[0];
      expect(rowsFromJson(columns, texts, 10).rows).toEqual([
        [
          [1.5, 'NaN', 'Infinity', '-Infinity'],
          { x: 'NaN', label: 'NaN, Infinity "quoted" \\ end' },
        ],
      ]);
    } finally {
      connection.closeSync();
    }
  });

  it('still refuses text that is not JSON for another reason', () => {
    expect(() => parseDuckDbJson('[1,')).toThrow(SyntaxError);
  });
});
