/**
 * The document's metadata as typed values (spec 18, 19), for lineage and the catalog manifest.
 * Read after checkMetadata passed, so every value has its checked shape; strings get their
 * variables substituted, `meta` maps pass through as written (spec 18.1).
 */
import {
  type AssetMetadata,
  type ColumnMetadata,
  type ExposureMetadata,
  isRawList,
  isRawMap,
  type OwnerMetadata,
  type PipelineMetadata,
  type RawDocument,
  type RawMap,
  type RawNode,
  substituteText,
  type SubstitutionBudget,
  toJsonValue,
  type Variables,
} from '@pipeline/definition';

interface Context {
  readonly doc: RawDocument;
  readonly variables: Variables;
  readonly budget: SubstitutionBudget;
}

/** The metadata of a checked document; undefined when it declares none. */
export function collectMetadata(ctx: Context): PipelineMetadata | undefined {
  const str = (node: RawNode | undefined): string | undefined => {
    if (typeof node !== 'string') return undefined;
    const result = substituteText(node, ctx.variables, ctx.budget);
    return result.ok ? result.value : node;
  };
  const strings = (node: RawNode | undefined): string[] => (isRawList(node) ? node.flatMap((n) => str(n) ?? []) : []);
  const meta = (node: RawNode | undefined) => (isRawMap(node) ? { meta: toJsonValue(node) as Record<string, unknown> } : {});
  const opt = <K extends string>(key: K, value: string | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, string>));
  const owner = (node: RawNode | undefined): { owner?: OwnerMetadata } => {
    if (!isRawMap(node)) return {};
    return { owner: { name: str(node.get('name')) ?? '', email: str(node.get('email')) ?? '', ...opt('type', str(node.get('type'))) } };
  };

  const root = ctx.doc.root;
  const pipeline: RawMap = isRawMap(root.get('pipeline')) ? (root.get('pipeline') as RawMap) : new Map();
  const catalog = pipeline.get('catalog');
  const assets: Record<string, AssetMetadata> = Object.create(null);
  const outputs = new Map<string, number>();
  for (const list of ['input', 'transformation', 'output'] as const) {
    const node = root.get(list);
    if (!isRawList(node)) continue;
    for (const entry of node) {
      if (!isRawMap(entry)) continue;
      const name = str(entry.get('name'));
      if (name === undefined) continue;
      const ref = list === 'output' ? outputRef(name, outputs) : name;
      const columns: ColumnMetadata[] = isRawList(entry.get('columns'))
        ? (entry.get('columns') as readonly RawNode[]).filter(isRawMap).map((c) => ({
            name: str(c.get('name')) ?? '',
            ...opt('description', str(c.get('description'))),
            tags: strings(c.get('tags')),
            constraints: strings(c.get('constraints')),
            ...opt('glossaryTerm', str(c.get('glossaryTerm'))),
            ...meta(c.get('meta')),
          }))
        : [];
      assets[ref] = {
        ...opt('description', str(entry.get('description'))),
        tags: strings(entry.get('tags')),
        removeTags: strings(entry.get('removeTags')),
        ...owner(entry.get('owner')),
        ...opt('freshness', str(entry.get('freshness'))),
        ...opt('maturity', str(entry.get('maturity'))),
        columns,
        ...meta(entry.get('meta')),
      };
    }
  }
  const exposuresNode = root.get('exposures');
  const exposures: ExposureMetadata[] = isRawList(exposuresNode)
    ? exposuresNode.filter(isRawMap).map((e) => ({
        name: str(e.get('name')) ?? '',
        type: str(e.get('type')) ?? '',
        ...opt('description', str(e.get('description'))),
        ...opt('url', str(e.get('url'))),
        ...opt('maturity', str(e.get('maturity'))),
        ...owner(e.get('owner')),
        dependsOn: strings(e.get('depends_on')),
        tags: strings(e.get('tags')),
        ...meta(e.get('meta')),
      }))
    : [];
  const metadata: PipelineMetadata = {
    ...opt('name', str(pipeline.get('name'))),
    ...opt('namespace', str(pipeline.get('namespace'))),
    ...opt('version', str(pipeline.get('version'))),
    ...opt('description', str(pipeline.get('description'))),
    ...owner(pipeline.get('owner')),
    tags: strings(pipeline.get('tags')),
    ...opt('schedule', str(pipeline.get('schedule'))),
    ...opt('freshness', str(pipeline.get('freshness'))),
    ...(isRawMap(catalog) && str(catalog.get('target')) !== undefined
      ? { catalog: { target: str(catalog.get('target')) as string, ...opt('namespace', str(catalog.get('namespace'))) } }
      : {}),
    ...meta(pipeline.get('meta')),
    assets,
    exposures,
  };
  const empty = Object.keys(assets).length === 0 && exposures.length === 0 && Object.keys(metadata).length === 3 && metadata.tags.length === 0;
  return empty ? undefined : metadata;
}

/** The plan's name of a Teckel-shape output entry (as yaml/teckel-shape.ts makes it). */
function outputRef(name: string, outputs: Map<string, number>): string {
  const count = (outputs.get(name) ?? 0) + 1;
  outputs.set(name, count);
  return count === 1 ? `output_${name}` : `output_${name}_${count}`;
}
