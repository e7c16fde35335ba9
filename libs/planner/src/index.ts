/**
 * @pipeline/planner: dependency graph, execution waves and explain text.
 */
export type { Plan, PlanStep } from './plan';
