/**
 * The planner's error catalogue. A pipeline that passed @pipeline/validation never raises these;
 * they guard `createPlan` against hand-built definitions that break the graph's invariants.
 */

/** Every stable code with its one-sentence meaning. */
export const PLANNER_ERROR_CODES = {
  PLAN_DUPLICATE_ASSET: 'Two assets of the definition have the same name.',
  PLAN_UNKNOWN_ASSET: 'An asset reads an asset that is not in the definition.',
  PLAN_CYCLE: 'The assets depend on each other in a cycle.',
} as const;

/** A stable planner error code. */
export type PlannerErrorCode = keyof typeof PLANNER_ERROR_CODES;

/** Structured context of a planner error. */
export interface PlannerErrorDetails {
  readonly asset?: string;
  readonly reference?: string;
  readonly cycle?: readonly string[];
}

/** An error raised by `createPlan` for a definition whose graph is broken. */
export class PlannerError extends Error {
  override readonly name = 'PlannerError';

  constructor(
    readonly code: PlannerErrorCode,
    message: string,
    readonly details: PlannerErrorDetails = {},
  ) {
    super(message);
  }
}

/** True when `value` is a PlannerError. */
export function isPlannerError(value: unknown): value is PlannerError {
  return value instanceof PlannerError;
}

/** Message builders, one per code. */
export const plannerErrors = {
  duplicateAsset: (asset: string) =>
    new PlannerError('PLAN_DUPLICATE_ASSET', `duplicate asset "${asset}" in the definition`, { asset }),
  unknownAsset: (asset: string, reference: string) =>
    new PlannerError('PLAN_UNKNOWN_ASSET', `asset "${asset}" references unknown asset "${reference}"`, {
      asset,
      reference,
    }),
  cycle: (cycle: readonly string[]) =>
    new PlannerError('PLAN_CYCLE', `cycle: ${cycle.join(' -> ')}`, { asset: cycle[0], cycle }),
} as const;
