import type { DanfoKind } from './danfo-kind';
import { runExcept as except } from './set-operation';

export const runExcept: DanfoKind<'except'> = async ({ bound, inputs, frames }) => except(bound.transform, bound.columns, inputs, frames);
