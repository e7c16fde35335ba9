/**
 * The execution plan: the pipeline's assets in a topological order with their dependency edges
 * and execution waves. It is what the engine executes and what `explainPlan` renders.
 */
import type { QualitySuite, Source } from '@pipeline/definition';

/** One asset of the plan. */
export interface PlanStep {
  readonly ref: string;
  readonly source: Source;
  /** Assets this one reads, in the order the source names them. */
  readonly upstream: readonly string[];
  /** Assets that read this one, in plan order. */
  readonly consumers: readonly string[];
  /** 0 for inputs; otherwise 1 + the largest wave of the upstream assets. */
  readonly wave: number;
  /** The split whose `pass` or `fail` this asset is: it runs, but explain shows only the split's line. */
  readonly madeBy?: string;
}

/** A validated pipeline ready to run. */
export interface Plan {
  readonly name?: string;
  /** Every asset, in a topological order with ties broken by document order. */
  readonly steps: readonly PlanStep[];
  /** Asset refs grouped by wave, each wave in document order. */
  readonly waves: readonly (readonly string[])[];
  /** The document's quality suites, run once every asset is computed and before outputs are placed. */
  readonly quality?: readonly QualitySuite[];
}
