import { validatePipeline } from './validate-pipeline';

/** A Teckel-shape document: one input, one output of it, plus `extra` top-level text. */
function doc(options: { input?: string; output?: string; top?: string; pipeline?: string } = {}): string {
  return [
    'version: "3.0"',
    ...(options.pipeline === undefined ? [] : ['pipeline:', ...options.pipeline.split('\n').map((l) => `  ${l}`)]),
    'input:',
    '  - name: customers',
    '    format: csv',
    '    path: c.csv',
    ...(options.input ?? '').split('\n').filter((l) => l !== '').map((l) => `    ${l}`),
    'output:',
    '  - name: customers',
    '    format: parquet',
    '    path: out/c.parquet',
    ...(options.output ?? '').split('\n').filter((l) => l !== '').map((l) => `    ${l}`),
    ...(options.top === undefined ? [] : [options.top]),
    '',
  ].join('\n');
}

function failure(yaml: string, variables?: Record<string, string>) {
  const result = validatePipeline(yaml, variables);
  if (result.ok) throw new Error('expected a validation error');
  return result.error;
}

describe('metadata (spec 18)', () => {
  it('accepts the specification\'s metadata at every level and runs the same pipeline', () => {
    const plain = validatePipeline(doc());
    const rich = validatePipeline(
      doc({
        pipeline: 'name: crm\nfreshness: PT24H\nowner: {name: Data, email: d@x.io, type: steward}',
        input: [
          'tags: [pii]',
          'columns:',
          '  - {name: id, description: key, tags: [primary_key], constraints: [not_null, unique, "foreign_key(orders.customer_id)"]}',
          '  - {name: email, meta: {sensitivity: high}, glossaryTerm: Email}',
        ].join('\n'),
        output: 'maturity: deprecated\nfreshness: P1Y2M3DT4H\nowner: {name: BI, email: bi@x.io}',
      }),
    );
    expect(plain.ok && rich.ok).toBe(true);
    // The metadata lines move the assets' positions; what they compute stays. The described
    // columns go with the input, for the engine to check against the dataset (E-META-004).
    const computed = (r: typeof plain) =>
      r.ok ? r.pipeline.assets.map((a) => ({ ref: a.ref, source: a.source.kind === 'input' ? { ...a.source, metadataColumns: undefined } : a.source })) : [];
    expect(computed(rich)).toEqual(computed(plain));
    expect(computed(rich)).toHaveLength(2);
    expect(rich.ok && rich.pipeline.assets[0].source).toMatchObject({ kind: 'input', metadataColumns: ['id', 'email'] });
    expect(plain.ok && plain.pipeline.assets[0].source).not.toHaveProperty('metadataColumns');
  });

  it('keeps the metadata in the typed definition, variables substituted, meta passed through', () => {
    const result = validatePipeline(
      doc({
        pipeline: 'name: crm\nnamespace: "${NS}"\ntags: [gov]\ncatalog: {target: datahub}\nmeta: {cost: 3}',
        input: 'tags: [pii]\nremoveTags: [x]\ncolumns:\n  - {name: id, tags: [primary_key], meta: {n: 1}}',
        output: 'maturity: high\nowner: {name: BI, email: bi@x.io}',
        top: 'exposures:\n  - {name: dash, type: dashboard, depends_on: [output_customers], tags: [exec]}',
      }),
      { NS: 'com.x' },
    );
    expect(result.ok && result.pipeline.metadata).toEqual({
      name: 'crm',
      namespace: 'com.x',
      tags: ['gov'],
      catalog: { target: 'datahub' },
      meta: { cost: 3 },
      assets: {
        customers: { tags: ['pii'], removeTags: ['x'], columns: [{ name: 'id', tags: ['primary_key'], constraints: [], meta: { n: 1 } }] },
        output_customers: { tags: [], removeTags: [], maturity: 'high', owner: { name: 'BI', email: 'bi@x.io' }, columns: [] },
      },
      exposures: [{ name: 'dash', type: 'dashboard', dependsOn: ['output_customers'], tags: ['exec'] }],
    });
  });

  it('E-META-001: an owner type outside technical, business, steward', () => {
    const error = failure(doc({ pipeline: 'owner: {name: Data, email: d@x.io, type: boss}' }));
    expect(error.message).toBe('V-006: E-META-001: pipeline: owner.type must be one of technical, business, steward (got "boss")');
    expect(error.details).toMatchObject({ specCode: 'E-META-001', field: 'owner.type', line: 3 });
    expect(failure(doc({ input: 'owner: {name: A, email: a@x.io, type: "${KIND}"}' }), { KIND: 'ops' }).message).toBe(
      'V-006: E-META-001: asset "customers": owner.type must be one of technical, business, steward (got "ops")',
    );
  });

  it('an owner names a person and an email', () => {
    expect(failure(doc({ output: 'owner: {name: BI}' })).message).toBe('V-006: asset "output_customers": owner.email is required');
    expect(failure(doc({ output: 'owner: BI team' })).message).toBe(
      'V-006: asset "output_customers": owner must be a mapping with name, email and type (got a string)',
    );
    expect(failure(doc({ output: 'owner: {name: BI, email: b@x.io, phone: "1"}' })).message).toMatch(
      /^V-006: unknown field "phone" in asset "output_customers": owner \(expected name, email, type\)$/,
    );
  });

  it('E-META-002: a maturity outside high, medium, low, deprecated', () => {
    const error = failure(doc({ output: 'maturity: stable' }));
    expect(error.message).toBe('V-006: E-META-002: asset "output_customers": maturity must be one of high, medium, low, deprecated (got "stable")');
    expect(error.details).toMatchObject({ asset: 'output_customers', specCode: 'E-META-002', line: 7 });
  });

  it('E-META-003: a freshness that is not an ISO 8601 duration', () => {
    for (const bad of ['24h', 'P', 'PT', 'P1DT', '1 day']) {
      expect(failure(doc({ pipeline: `freshness: "${bad}"` })).message).toBe(
        `V-006: E-META-003: pipeline: freshness must be an ISO 8601 duration such as "PT24H" or "P7D" (got "${bad}")`,
      );
    }
    expect(failure(doc({ output: 'freshness: 7' })).message).toBe('V-006: asset "output_customers": freshness must be a string (got a number)');
  });

  it('column metadata is checked field by field', () => {
    expect(failure(doc({ input: 'columns: [{description: x}]' })).message).toBe('V-006: asset "customers": columns[0].name is required');
    expect(failure(doc({ input: 'columns: [{name: a}, {name: a}]' })).message).toBe('V-006: asset "customers": columns[1].name repeats column "a"');
    expect(failure(doc({ input: 'columns: [{name: a, constraints: [positive]}]' })).message).toBe(
      'V-006: asset "customers": columns[0].constraints[0] must be not_null, unique, primary_key or foreign_key(<asset>.<column>) (got "positive")',
    );
    expect(failure(doc({ input: 'columns: [{name: a, colour: red}]' })).message).toMatch(/^V-006: unknown field "colour" in asset "customers": columns\[0\]/);
    expect(failure(doc({ input: 'tags: pii' })).message).toBe('V-006: asset "customers": tags must be a list of strings (got a string)');
  });

  it('removeTags is metadata of a transformation (spec 18.7), not a field of its kind', () => {
    const yaml = doc().replace(
      'output:',
      'transformation:\n  - name: anonymized\n    select: {from: customers, columns: [id]}\n    tags: [anonymized]\n    removeTags: [pii]\noutput:',
    );
    expect(validatePipeline(yaml).ok).toBe(true);
  });
});

describe('exposures (spec 19)', () => {
  const exposure = (fields: string) => doc({ top: `exposures:\n  - ${fields}` });

  it('accepts the specification\'s example shape', () => {
    const result = validatePipeline(
      exposure('{name: revenue, type: dashboard, maturity: high, url: "https://bi/x", owner: {name: A, email: a@x.io}, depends_on: [customers], tags: [exec], meta: {v: 1}}'),
    );
    expect(result.ok).toBe(true);
  });

  it('E-EXPOSE-001: depends_on names an asset the pipeline does not define', () => {
    const error = failure(exposure('{name: revenue, type: dashboard, depends_on: [customers, custmers]}'));
    expect(error.code).toBe('V-001');
    expect(error.message).toBe('V-001: E-EXPOSE-001: exposure "revenue": depends_on references unknown asset "custmers"');
    expect(error.details).toMatchObject({ specCode: 'E-EXPOSE-001', reference: 'custmers', field: 'depends_on' });
  });

  it('E-EXPOSE-002: an unknown exposure type', () => {
    expect(failure(exposure('{name: revenue, type: spreadsheet, depends_on: [customers]}')).message).toBe(
      'V-006: E-EXPOSE-002: exposure "revenue": type must be one of dashboard, notebook, analysis, ml, application, pipeline (got "spreadsheet")',
    );
  });

  it('required fields, lists and unknown fields', () => {
    expect(failure(exposure('{type: ml, depends_on: [customers]}')).message).toBe('V-006: exposures[0].name is required');
    expect(failure(exposure('{name: m, depends_on: [customers]}')).message).toBe('V-006: exposure "m": type is required');
    expect(failure(exposure('{name: m, type: ml}')).message).toBe('V-006: exposure "m": depends_on is required');
    expect(failure(exposure('{name: m, type: ml, depends_on: []}')).message).toBe('V-006: exposure "m": depends_on must not be empty');
    expect(failure(exposure('{name: m, type: ml, depends_on: [customers], maturity: deprecated}')).message).toMatch(/^V-006: E-META-002: exposure "m": maturity/);
    expect(failure(exposure('{name: m, type: ml, depends_on: [customers], sla: x}')).message).toMatch(/^V-006: unknown field "sla" in exposures\[0\]/);
    expect(failure(doc({ top: 'exposures: {name: m}' })).message).toBe('V-006: exposures must be a list of exposures (got a mapping)');
    const twice = doc({ top: 'exposures:\n  - {name: m, type: ml, depends_on: [customers]}\n  - {name: m, type: ml, depends_on: [customers]}' });
    expect(failure(twice).message).toBe('V-006: exposures[1].name repeats exposure "m"');
  });
});

describe('config (spec 14)', () => {
  const config = (text: string) => doc({ top: `config:\n${text.split('\n').map((l) => `  ${l}`).join('\n')}` });

  it('accepts a backend hint, cache settings and log notifications, without changing the run', () => {
    const plain = validatePipeline(doc());
    const configured = validatePipeline(
      config('backend: spark\ncache: {autoCacheThreshold: 2, defaultStorageLevel: MEMORY_AND_DISK}\nnotifications:\n  onSuccess: [{channel: log}]\n  onFailure: [{channel: log}]'),
    );
    expect(plain.ok && configured.ok).toBe(true);
    if (plain.ok && configured.ok) expect(configured.pipeline).toEqual(plain.pipeline);
  });

  it('refuses webhook and file notifications and custom components, saying why', () => {
    expect(failure(config('notifications:\n  onFailure: [{channel: webhook, url: "http://10.0.0.1/hook"}]')).message).toBe(
      'V-006: config.notifications.onFailure[0].channel "webhook" is not supported by this service (the server makes no outbound calls a pipeline chooses; watch the job through the API instead)',
    );
    expect(failure(config('notifications:\n  onSuccess: [{channel: file, path: /tmp/x}]')).message).toMatch(
      /^V-006: config.notifications.onSuccess\[0\].channel "file" is not supported by this service/,
    );
    expect(failure(config('components: {readers: [{name: x}]}')).message).toMatch(/^V-006: config.components is not supported by this service \(custom readers/);
  });

  it('checks each field', () => {
    expect(failure(config('backend: 3')).message).toBe('V-006: config.backend must be a string (got a number)');
    expect(failure(config('cache: {autoCacheThreshold: -1}')).message).toBe('V-006: config.cache.autoCacheThreshold must be a non-negative integer (got a number)');
    expect(failure(config('cache: {size: 1}')).message).toMatch(/^V-006: unknown field "size" in config.cache \(expected autoCacheThreshold, defaultStorageLevel\)/);
    expect(failure(config('notifications: {onSuccess: [{url: x}]}')).message).toBe('V-006: config.notifications.onSuccess[0].channel is required');
    expect(failure(config('notifications: {onSuccess: [{channel: webhook}]}')).message).toBe('V-006: config.notifications.onSuccess[0].url is required');
    expect(failure(config('notifications: {onSuccess: [{channel: sms}]}')).message).toBe(
      'V-006: config.notifications.onSuccess[0].channel must be one of log, webhook, file (got "sms")',
    );
    expect(failure(config('retries: 3')).message).toMatch(/^V-006: unknown field "retries" in config \(expected backend, cache, notifications, components\)/);
    expect(failure(doc({ top: 'config: fast' })).message).toBe('V-006: config must be a mapping (got a string)');
  });
});
