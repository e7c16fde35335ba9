import type { DanfoKind } from './danfo-kind';
import { runUnion as union } from './set-operation';

export const runUnion: DanfoKind<'union'> = async ({ ref, bound, inputs, signal, frames }) =>
  union(bound.transform, bound.columns, inputs, frames, signal, ref);
