import type { DanfoKind } from './danfo-kind';
import { runIntersect as intersect } from './set-operation';

export const runIntersect: DanfoKind<'intersect'> = async ({ bound, inputs, frames }) => intersect(bound.transform, bound.columns, inputs, frames);
