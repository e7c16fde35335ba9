import { isDefinitionError, type DefinitionError } from '../errors';
import { readDocument } from './read-document';

function errorOf(text: string): DefinitionError {
  try {
    readDocument(text);
  } catch (error) {
    if (isDefinitionError(error)) return error;
    throw error;
  }
  throw new Error('expected a DefinitionError');
}

describe('readDocument', () => {
  it('finds pipeline.assets', () => {
    const doc = readDocument('version: "3.0"\npipeline:\n  assets:\n    - asset_ref: a\n');
    expect(doc.assetLists.map((list) => [list.field, list.items.length])).toEqual([['pipeline.assets', 1]]);
    const first = doc.assetLists[0]?.items[0];
    expect(first instanceof Map && doc.positionOf(first)).toEqual({ line: 4, column: 7 });
  });

  it('finds a top-level assets list, and both lists when both are written (pipeline.assets first)', () => {
    expect(readDocument('assets: []\n').assetLists.map((list) => list.field)).toEqual(['assets']);
    expect(readDocument('assets: []\npipeline:\n  assets: []\n').assetLists.map((list) => list.field)).toEqual([
      'pipeline.assets',
      'assets',
    ]);
  });

  it('refuses documents without the shape of a pipeline', () => {
    expect(errorOf('').message).toBe('parse error: the document is empty');
    expect(errorOf('# only a comment\n').message).toBe('parse error: the document is empty');
    expect(errorOf('[1, 2]').message).toBe('parse error: the document must be a mapping at the top (got a list) at line 1, column 1');
    expect(errorOf('42').message).toBe('parse error: the document must be a mapping at the top (got a number)');
    expect(errorOf('version: "3.0"\n').message).toBe(
      'parse error: the document has neither pipeline.assets nor a top-level assets list (nor the input, transformation and output lists of the Teckel shape)',
    );
    expect(errorOf('pipeline: [assets]\n').code).toBe('DEF_SHAPE');
    expect(errorOf('pipeline:\n  assets:\n').message).toBe('parse error: pipeline.assets must be a list of assets (got null)');
    expect(errorOf('assets:\n  x: 1\n').message).toBe('parse error: assets must be a list of assets (got a mapping) at line 2, column 3');
  });
});
