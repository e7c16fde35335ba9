import type { DanfoKind } from './danfo-kind';

function passThrough<K extends 'repartition' | 'coalesce' | 'hint' | 'split'>(): DanfoKind<K> {
  return async ({ inputs: [input] }) => ({ frame: input.frame, rowCount: input.rowCount });
}

// Partitioning hints mean nothing to frames held in memory: the rows pass through.
export const runRepartition = passThrough<'repartition'>();
export const runCoalesce = passThrough<'coalesce'>();
export const runHint = passThrough<'hint'>();
// A split is every row of `from`; its `pass` and `fail` assets are `where` filters over it.
export const runSplit = passThrough<'split'>();
