/**
 * What the sample picker shows for the editor's text: the sample it is, or, once the text is no
 * longer any sample, an "edited" entry naming the pipeline the text holds. The picker used to
 * keep naming the sample last chosen after the text had become another pipeline, and choosing
 * that sample again did nothing (the select's value did not change).
 */
import { pipelineName } from './pipeline-name';

/** A sample pipeline of the picker. */
export interface Sample {
  readonly name: string;
  readonly yaml: string;
}

/** The picker's state for `text`: the index of the sample it equals, or the label of the edited entry. */
export type PickerState = { readonly sample: number } | { readonly edited: string };

/** Which sample `text` is, or how to label it when it is none. */
export function pickerState(samples: readonly Sample[], text: string): PickerState {
  const index = samples.findIndex((s) => s.yaml === text);
  if (index >= 0) return { sample: index };
  return { edited: `${pipelineName(text) ?? 'untitled pipeline'} (edited)` };
}
