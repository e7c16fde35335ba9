import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromBinary } from '@bufbuild/protobuf';
import {
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorSetSchema,
  type DescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { BACKEND_NAMES } from '@pipeline/engine';

// Pins the wire contract of pipeline.v1 (names and types the specification fixes) against the
// descriptor set the codegen target builds from proto/, so a careless proto edit fails here.
const set = fromBinary(FileDescriptorSetSchema, readFileSync(join(__dirname, '..', 'generated', 'pipeline.binpb')));
const file = set.file.find((f) => f.name === 'pipeline/v1/pipeline.proto');
const T = FieldDescriptorProto_Type;

function message(name: string): DescriptorProto {
  const m = file?.messageType.find((x) => x.name === name);
  if (!m) throw new Error(`message ${name} missing`);
  return m;
}

/** Renders a message's fields as `name:type` (maps as `map<string,string>`, repeated as `repeated X`). */
function shape(name: string): string[] {
  const m = message(name);
  return m.field.map((f) => {
    if (f.type === T.MESSAGE) {
      const typeName = f.typeName.split('.').pop() ?? '';
      const entry = m.nestedType.find((n) => n.name === typeName && n.options?.mapEntry);
      if (entry) return `${f.number}:${f.name}:map<string,string>`;
      const prefix = f.label === FieldDescriptorProto_Label.REPEATED ? 'repeated ' : '';
      return `${f.number}:${f.name}:${prefix}${typeName}`;
    }
    return `${f.number}:${f.name}:${T[f.type].toLowerCase()}`;
  });
}

describe('pipeline.v1 descriptor', () => {
  it('declares package pipeline.v1 with every RPC of the specification', () => {
    expect(file?.package).toBe('pipeline.v1');
    const service = file?.service.find((s) => s.name === 'PipelineService');
    expect(service?.method.map((m) => `${m.name}(${m.inputType}) ${m.outputType}`)).toEqual([
      'Health(.pipeline.v1.HealthRequest) .pipeline.v1.HealthResponse',
      'ValidatePipeline(.pipeline.v1.PipelineRequest) .pipeline.v1.ValidateResponse',
      'ExplainPipeline(.pipeline.v1.PipelineRequest) .pipeline.v1.ExplainResponse',
      'SubmitJob(.pipeline.v1.PipelineRequest) .pipeline.v1.SubmitJobResponse',
      'GetJob(.pipeline.v1.GetJobRequest) .pipeline.v1.JobResponse',
      'WaitForJob(.pipeline.v1.WaitForJobRequest) .pipeline.v1.JobResponse',
      'CancelJob(.pipeline.v1.CancelJobRequest) .pipeline.v1.CancelJobResponse',
      'ListJobs(.pipeline.v1.ListJobsRequest) .pipeline.v1.ListJobsResponse',
      'InspectSource(.pipeline.v1.InspectSourceRequest) .pipeline.v1.InspectSourceResponse',
      'CreateSession(.pipeline.v1.CreateSessionRequest) .pipeline.v1.CreateSessionResponse',
      'CloseSession(.pipeline.v1.CloseSessionRequest) .pipeline.v1.CloseSessionResponse',
      'ReadInput(.pipeline.v1.ReadInputRequest) .pipeline.v1.DataFrameResponse',
      'ApplyTransform(.pipeline.v1.ApplyTransformRequest) .pipeline.v1.DataFrameResponse',
      'WriteOutput(.pipeline.v1.WriteOutputRequest) .pipeline.v1.WriteOutputResponse',
      'ExecutePipeline(.pipeline.v1.ExecutePipelineRequest) .pipeline.v1.ExecutePipelineResponse',
    ]);
  });

  it.each([
    ['HealthRequest', []],
    ['HealthResponse', ['1:status:string', '2:version:string']],
    [
      'PipelineRequest',
      ['1:yaml:string', '2:variables:map<string,string>', '3:backend:string', '4:backend_options:map<string,string>', '5:physical:bool', '6:lineage:bool'],
    ],
    ['ValidateResponse', ['1:valid:bool', '2:error:string', '3:errors:repeated ValidationDiagnostic', '4:spec_code:string']],
    ['ExplainResponse', ['1:plan:string', '2:physical:PhysicalPlan', '3:lineage_json:string']],
    ['PhysicalPlan', ['1:backend:string', '2:layout:string', '3:text:string']],
    ['SubmitJobResponse', ['1:job_id:string', '2:status:string']],
    ['GetJobRequest', ['1:job_id:string']],
    ['WaitForJobRequest', ['1:job_id:string', '2:timeout_seconds:uint32']],
    ['CancelJobRequest', ['1:job_id:string']],
    ['CancelJobResponse', ['1:cancelled:bool', '2:status:string']],
    ['ListJobsRequest', []],
    ['ListJobsResponse', ['1:jobs:repeated JobResponse']],
    [
      'JobResponse',
      [
        '1:id:string',
        '2:status:string',
        '3:error:string',
        '4:created_at:string',
        '5:started_at:string',
        '6:completed_at:string',
        '7:duration_ms:int64',
        '8:outputs:repeated JobOutput',
        '9:quality:repeated QualityResult',
        '10:steps:repeated JobStep',
      ],
    ],
    ['JobStep', ['1:asset:string', '2:state:string', '3:started_at:string', '4:ms:double', '5:rows:int64']],
    ['JobOutput', ['1:asset:string', '2:path:string', '3:rows_written:int64']],
    [
      'QualityResult',
      [
        '1:suite:string',
        '2:check:string',
        '3:status:string',
        '4:severity:string',
        '5:observed_value:double',
        '6:expected:string',
        '7:message:string',
        '8:check_type:string',
        '9:target:string',
        '10:column:string',
        '11:failing_rows:int64',
        '12:failing_percent:double',
        '13:description:string',
        '14:timestamp:string',
      ],
    ],
    ['InspectSourceRequest', ['1:format:string', '2:path:string', '3:options:map<string,string>']],
    ['FieldInfo', ['1:name:string', '2:data_type:string', '3:nullable:bool']],
    ['InspectSourceResponse', ['1:fields:repeated FieldInfo', '2:row_count:int64']],
    ['CreateSessionRequest', ['1:backend:string']],
    ['CreateSessionResponse', ['1:session_id:string']],
    ['CloseSessionRequest', ['1:session_id:string']],
    ['CloseSessionResponse', []],
    [
      'ReadInputRequest',
      ['1:session_id:string', '2:asset_name:string', '3:format:string', '4:path:string', '5:options:map<string,string>'],
    ],
    ['DataFrameResponse', ['1:session_id:string', '2:handle_id:string', '3:row_count:int64']],
    [
      'ApplyTransformRequest',
      ['1:session_id:string', '2:asset_name:string', '3:source_json:string', '4:input_handles:map<string,string>'],
    ],
    [
      'WriteOutputRequest',
      [
        '1:session_id:string',
        '2:handle_id:string',
        '3:format:string',
        '4:path:string',
        '5:mode:string',
        '6:options:map<string,string>',
      ],
    ],
    ['WriteOutputResponse', ['1:rows_written:int64']],
    ['ExecutePipelineRequest', ['1:session_id:string', '2:yaml:string', '3:variables:map<string,string>']],
    ['ExecutePipelineResponse', ['1:job_id:string', '2:status:string', '3:error:string', '4:duration_ms:int64']],
  ])('%s has the specified fields', (name, fields) => {
    expect(shape(name)).toEqual(fields);
  });

  it('also describes grpc.health.v1.Health for reflection clients', () => {
    const health = set.file.find((f) => f.package === 'grpc.health.v1');
    expect(health?.service.map((s) => s.name)).toEqual(['Health']);
  });

  // The descriptor set carries no comments, so the proto text is read: a backend added to the
  // engine left the request comments saying "duckdb or danfo" long after Spark sessions existed.
  it('names every backend of the engine wherever a backend field lists them', () => {
    const lines = readFileSync(join(__dirname, '..', '..', '..', '..', 'proto', 'pipeline', 'v1', 'pipeline.proto'), 'utf8').split('\n');
    const listing: string[] = [];
    lines.forEach((line, i) => {
      if (!/^\s*string backend = \d+;/.test(line)) return;
      let start = i;
      while (start > 0 && /^\s*\/\//.test(lines[start - 1] ?? '')) start -= 1;
      const comment = lines.slice(start, i).join(' ');
      if (BACKEND_NAMES.some((b) => comment.includes(`\`${b}\``))) listing.push(comment);
    });
    expect(listing).toHaveLength(2);
    for (const comment of listing) for (const name of BACKEND_NAMES) expect(comment).toContain(`\`${name}\``);
  });
});
