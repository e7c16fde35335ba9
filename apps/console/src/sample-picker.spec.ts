import { pickerState } from './sample-picker';

const SAMPLES = [
  { name: 'a.yaml', yaml: 'version: "3.0"\npipeline:\n  name: first\n  assets: []\n' },
  { name: 'b.yaml', yaml: 'version: "3.0"\npipeline:\n  name: second\n  assets: []\n' },
];

describe('pickerState', () => {
  it('names the sample the text is', () => {
    expect(pickerState(SAMPLES, SAMPLES[1].yaml)).toEqual({ sample: 1 });
  });

  it('names the pipeline the text holds once it is no sample, not the sample chosen last', () => {
    expect(pickerState(SAMPLES, SAMPLES[1].yaml.replace('second', 'mine'))).toEqual({ edited: 'mine (edited)' });
    expect(pickerState(SAMPLES, `${SAMPLES[0].yaml}# a note\n`)).toEqual({ edited: 'first (edited)' });
    expect(pickerState(SAMPLES, 'not yaml at all')).toEqual({ edited: 'untitled pipeline (edited)' });
  });
});
