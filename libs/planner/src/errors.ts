/**
 * The planner's error catalogue (on `@pipeline/errors`). A pipeline that passed
 * @pipeline/validation never raises these; they guard `createPlan` against hand-built definitions
 * that break the graph's invariants.
 */
import { defineErrorCatalogue, type CatalogueError } from '@pipeline/errors';

/** The planner's catalogue. */
export const plannerCatalogue = defineErrorCatalogue({
  name: 'PlannerError',
  prefix: 'PLAN',
  entries: {
    PLAN_DUPLICATE_ASSET: {
      meaning: 'Two assets of the definition have the same name.',
      message: (a: { asset: string }) => `duplicate asset "${a.asset}" in the definition`,
    },
    PLAN_UNKNOWN_ASSET: {
      meaning: 'An asset reads an asset that is not in the definition.',
      message: (a: { asset: string; reference: string }) => `asset "${a.asset}" references unknown asset "${a.reference}"`,
    },
    PLAN_CYCLE: {
      meaning: 'The assets depend on each other in a cycle.',
      message: (a: { asset: string; cycle: readonly string[] }) => `cycle: ${a.cycle.join(' -> ')}`,
    },
  },
});

/** A stable planner error code. */
export type PlannerErrorCode = (typeof plannerCatalogue.codes)[number];

/** Every stable code with its one-sentence meaning. */
export const PLANNER_ERROR_CODES = Object.fromEntries(
  plannerCatalogue.codes.map((code) => [code, plannerCatalogue.entries[code].meaning]),
) as Readonly<Record<PlannerErrorCode, string>>;

/** Structured context of a planner error. */
export interface PlannerErrorDetails {
  readonly asset?: string;
  readonly reference?: string;
  readonly cycle?: readonly string[];
}

/** An error raised by `createPlan` for a definition whose graph is broken. */
export type PlannerError = CatalogueError<PlannerErrorCode>;

/** True when `value` is a PlannerError. */
export function isPlannerError(value: unknown): value is PlannerError {
  return plannerCatalogue.is(value);
}

/** Builders, one per code. */
export const plannerErrors = {
  duplicateAsset: (asset: string): PlannerError => plannerCatalogue.create('PLAN_DUPLICATE_ASSET', { asset }),
  unknownAsset: (asset: string, reference: string): PlannerError => plannerCatalogue.create('PLAN_UNKNOWN_ASSET', { asset, reference }),
  cycle: (cycle: readonly string[]): PlannerError => plannerCatalogue.create('PLAN_CYCLE', { asset: cycle[0], cycle }),
} as const;
