import { pipelineName } from './pipeline-name';

describe('pipelineName', () => {
  it('reads the name under pipeline:, quoted or not, with a comment', () => {
    expect(pipelineName('version: "3.0"\npipeline:\n  name: daily-sales\n  assets: []\n')).toBe('daily-sales');
    expect(pipelineName('pipeline:\n  assets: []\n  name: "two words" # why\n')).toBe('two words');
  });

  it('ignores names of nested mappings and other top-level keys', () => {
    expect(pipelineName('pipeline:\n  assets:\n    - name: x\n')).toBeUndefined();
    expect(pipelineName('metadata:\n  name: other\npipeline:\n  assets: []\n')).toBeUndefined();
    expect(pipelineName('no pipeline here')).toBeUndefined();
  });
});
