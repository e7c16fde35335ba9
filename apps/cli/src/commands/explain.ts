/**
 * `pipeline explain FILE`: the service's plan text, the plan as a Mermaid or dot diagram, or with
 * `--physical` the steps a backend would run (with the SQL or Spark Connect command each sends),
 * or with `--lineage` the lineage and catalog document (spec 18.7 - 18.10), without running anything.
 */
import { kindOf } from '@pipeline/definition';
import { compilePhysicalPlan, DEFAULT_BACKEND, renderPhysicalPlan } from '@pipeline/engine';
import { explainPlan, lineageDocument, renderPlanGraph, type Plan } from '@pipeline/planner';
import { renderLineage } from '../lineage-text';
import { checkPipeline } from '../check-pipeline';
import { EXIT } from '../errors';
import { invalidPipeline } from '../inputs';
import { printJson, println, type Io } from '../io';
import { loadPipeline } from '../merge-files';

/** The `--graph` values. */
export const GRAPH_CHOICES = ['text', 'mermaid', 'dot'] as const;

/** Options of `explain`. */
export interface ExplainOptions {
  readonly var?: Record<string, string>;
  readonly graph: (typeof GRAPH_CHOICES)[number];
  readonly json?: boolean;
  /** Print the physical plan of `backend` instead. */
  readonly physical?: boolean;
  readonly backend?: string;
  /** Print the lineage document (tags, URNs, upstream and downstream, metadata) instead. */
  readonly lineage?: boolean;
}

/** The plan's assets as data: name, kind, upstream names, wave. */
function assetsOf(plan: Plan) {
  return plan.steps.map((s) => ({ asset: s.ref, kind: s.source.kind, label: kindOf(s.source.kind).label, upstream: s.upstream, wave: s.wave }));
}

/** Prints the plan of `file` (several merged left to right, spec 21); an invalid pipeline is one line on stderr (with its position) and exit 1. */
export function explainCommand(file: string | readonly string[], options: ExplainOptions, io: Io): number {
  const { yaml, locate } = loadPipeline(typeof file === 'string' ? [file] : file, io.cwd);
  const physical = options.physical === true;
  const backend = options.backend ?? DEFAULT_BACKEND;
  const checked = checkPipeline(yaml, options.var ?? {}, physical ? backend : options.backend);
  if (!checked.ok) {
    const located = locate(checked.error);
    throw invalidPipeline(located.file, located.error);
  }
  if (options.lineage === true) {
    const document = lineageDocument(checked.pipeline, checked.plan);
    if (options.json === true) printJson(io, document);
    else println(io, renderLineage(document));
    return EXIT.ok;
  }
  if (physical) {
    const compiled = compilePhysicalPlan(checked.plan, backend);
    const text = renderPhysicalPlan(compiled).trimEnd();
    if (options.json === true) printJson(io, { backend: compiled.backend, layout: compiled.layout, physical: text });
    else println(io, text);
    return EXIT.ok;
  }
  const text = options.graph === 'text' ? explainPlan(checked.plan) : renderPlanGraph(checked.plan, options.graph);
  if (options.json === true) {
    printJson(io, {
      ...(options.graph === 'text' ? { plan: text } : { format: options.graph, graph: text }),
      assets: assetsOf(checked.plan),
      waves: checked.plan.waves,
    });
  } else {
    println(io, text);
  }
  return EXIT.ok;
}
