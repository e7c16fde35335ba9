import { asJoin } from '@pipeline/engine-core';
import type { DanfoKind } from './danfo-kind';
import { runJoin } from './join';

// A lateral join over an asset is a join (see check/binders/lateral-join.ts).
export const runLateralJoin: DanfoKind<'lateral_join'> = (ctx) => runJoin({ ...ctx, bound: { transform: asJoin(ctx.bound.transform), columns: ctx.bound.columns } });
