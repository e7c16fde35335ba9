/**
 * The project's Spark Connect proto files against Spark's own: every message field, enum value
 * and RPC they declare must exist in the descriptors that the test Spark's pyspark ships
 * (pyspark/sql/connect/proto/*_pb2.py), with the same number, type and label.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromBinary, isFieldSet } from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
  type DescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { findSparkHome } from '@pipeline/test-spark';

/** One line per field, enum value and method: `.pkg.Message.field = 3 repeated string`. */
function describeFile(file: FileDescriptorProto): string[] {
  const out: string[] = [];
  const message = (prefix: string, m: DescriptorProto) => {
    const name = `${prefix}.${m.name}`;
    for (const f of m.field) {
      const oneof = isFieldSet(f, FieldDescriptorProtoSchema.field.oneofIndex) && !f.proto3Optional ? ` oneof ${m.oneofDecl[f.oneofIndex].name}` : '';
      out.push(`${name}.${f.name} = ${f.number} label ${f.label} type ${f.type} ${f.typeName}${f.proto3Optional ? ' optional' : ''}${oneof}`);
    }
    for (const e of m.enumType) for (const v of e.value) out.push(`${name}.${e.name}.${v.name} = ${v.number}`);
    for (const nested of m.nestedType) if (!nested.options?.mapEntry) message(name, nested);
  };
  for (const m of file.messageType) message(`.${file.package}`, m);
  for (const s of file.service) for (const m of s.method) out.push(`rpc ${s.name}.${m.name}(${m.inputType}) ${m.serverStreaming ? 'stream ' : ''}${m.outputType}`);
  return out;
}

/** Spark's descriptors as pyspark ships them, serialized inside its generated Python modules. */
function sparkDescriptors(): FileDescriptorProto[] {
  const dir = path.join(findSparkHome(), 'sql', 'connect', 'proto');
  const script = [
    'import ast, re, sys',
    's = open(sys.argv[1]).read()',
    'm = re.search(r"AddSerializedFile\\(\\s*(b.*?)\\s*\\)\\s*\\n", s, re.S)',
    'sys.stdout.write(ast.literal_eval("(" + m.group(1) + ")").hex())',
  ].join('\n');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('_pb2.py'))
    .map((f) => fromBinary(FileDescriptorProtoSchema, Buffer.from(execFileSync('python3', ['-c', script, path.join(dir, f)], { encoding: 'utf8' }), 'hex')));
}

describe('the Spark Connect proto files', () => {
  it("declare only fields, enum values and RPCs that Spark's own protocol has, alike", () => {
    const ours = fromBinary(FileDescriptorSetSchema, fs.readFileSync(path.join(__dirname, 'generated', 'spark-connect.binpb')))
      .file.filter((f) => f.package === 'spark.connect')
      .flatMap(describeFile)
      // Spark names the null type's message NULL; names are not on the wire.
      .map((line) => line.replaceAll('.DataType.Null', '.DataType.NULL'));
    const spark = new Set(sparkDescriptors().flatMap(describeFile));
    expect(ours.length).toBeGreaterThan(150);
    expect(ours.filter((line) => !spark.has(line))).toEqual([]);
  });
});
