/** The danfo compiler: every asset a DataFrame handle, in plan order, released after its last reader. */
import { kindOf, type TransformationSource } from '@pipeline/definition';
import type { Plan } from '@pipeline/planner';
import { compileHandles, type PhysicalPlan } from '@pipeline/engine-core';

/** The field a danfo failure of a transformation is blamed on: its first expression field (the path's top key), else its kind. */
export function danfoBlameField(source: TransformationSource): string {
  const path = kindOf(source.kind).expressions[0]?.path;
  return path === undefined ? source.kind : (path.split(/[[.{]/)[0] ?? source.kind);
}

/** Compiles a plan for danfo; `retain` keeps every handle (a session reads them afterwards). */
export function compileDanfoPlan(plan: Plan, retain = false): PhysicalPlan {
  return compileHandles(plan, 'danfo', { blameField: danfoBlameField, retain });
}
