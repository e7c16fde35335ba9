/**
 * Type texts nested deeper than MAX_TYPE_DEPTH (100 levels) are refused before they are parsed or
 * handed to DuckDB, without quoting them: a `from_json` type 5,000 levels deep made a V-009
 * message of 36,000 characters. Every validation message is bounded to 2,000 characters.
 */
import { MAX_ERROR_MESSAGE_CHARS } from '@pipeline/errors';
import { validatePipeline } from './validate-pipeline';

const nested = (levels: number): string => `${'array<'.repeat(levels)}long${'>'.repeat(levels)}`;

function doc(column: string): string {
  return [
    'version: "3.0"',
    'pipeline:',
    '  assets:',
    '    - asset_ref: raw',
    '      source: { input: { format: csv, path: raw.csv } }',
    '    - asset_ref: shaped',
    `      source: { select: { from: raw, columns: [${JSON.stringify(column)}] } }`,
    '    - asset_ref: out',
    '      source: { output: { from: shaped, format: csv, path: out.csv } }',
  ].join('\n');
}

function message(text: string): string {
  const result = validatePipeline(text);
  if (result.ok) throw new Error('expected the pipeline to be invalid');
  return result.error.message;
}

describe('type depth and message length at validation', () => {
  it.each([
    ['from_json', (t: string) => `from_json(doc, '${t}') AS v`],
    ['variant_get', (t: string) => `variant_get(parse_json(doc), '$', '${t}') AS v`],
  ])('%s: a type nested 5,000 levels is V-009 naming the depth, in a short message', (name, column) => {
    const m = message(doc(column(nested(5000))));
    expect(m).toMatch(new RegExp(`^V-009: asset "shaped": .*${name}: a type text of 35004 characters is a type nested more than 100 levels deep at column \\d+$`));
    expect(m.length).toBeLessThan(400);
  });

  it('accepts a type nested 100 levels', () => {
    expect(validatePipeline(doc(`from_json(doc, '${nested(100)}') AS v`)).ok).toBe(true);
  });

  it('refuses a parse kind schema nested too deep', () => {
    const text = doc('doc').replace(
      /select: .*$/m,
      `parse: { from: raw, column: doc, format: json, schema: [{ name: a, dataType: "${nested(3000)}" }] } }`,
    );
    expect(message(text)).toContain('is a type nested more than 100 levels deep');
  });

  it('cuts any message past 2,000 characters, saying so', () => {
    const m = message(doc(`nosuchfunction_${'x'.repeat(40_000)}(doc) AS v`));
    expect(m.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_CHARS + 40);
    expect(m).toMatch(/\.\.\. \(\d+ more characters cut\)$/);
  });
});
