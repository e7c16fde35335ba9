import { errorPosition } from './error-position';

const YAML = ['version: "3.0"', 'pipeline:', '  assets:', '    - asset_ref: raw', '      source:', '    - asset_ref: "kept"', '      source: {}'].join(
  '\n',
);

describe('errorPosition', () => {
  it('reads the line and column of a parse error', () => {
    expect(errorPosition('parse error: bad indentation of a mapping entry at line 3, column 2', YAML)).toEqual({
      line: 3,
      column: 2,
      exact: true,
    });
  });

  it('keeps a parse error position inside the text', () => {
    expect(errorPosition('parse error: unexpected end at line 99, column 1', YAML)?.line).toBe(7);
  });

  it('finds the line of the asset a validation message names', () => {
    expect(errorPosition('V-001: asset "kept" references unknown asset "nope"', YAML)).toEqual({
      line: 6,
      column: 7,
      exact: false,
    });
  });

  it('finds an asset named with `name:` (the Teckel shape)', () => {
    const teckel = 'input:\n  - name: src\n    format: csv\n';
    expect(errorPosition('V-008: asset "src": unknown format "xls"', teckel)).toMatchObject({ line: 2 });
  });

  it('gives no position when the message names none', () => {
    expect(errorPosition('V-013: pipeline has no output asset', YAML)).toBeUndefined();
    expect(errorPosition('V-001: asset "ghost" references unknown asset "x"', YAML)).toBeUndefined();
  });
});
