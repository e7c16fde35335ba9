/** `pipeline inspect FORMAT PATH`: a data file's fields and exact row count, as the gRPC InspectSource reads them. */
import { createSessionManager } from '@pipeline/sessions';
import { EXIT, cliCatalogue } from '../errors';
import { dataRootOf } from '../inputs';
import { printJson, printTable, println, type Io } from '../io';
import { count } from '../output-style';

/** Options of `inspect`. */
export interface InspectOptions {
  readonly option?: Record<string, string>;
  readonly dataRoot?: string;
  readonly json?: boolean;
}

/** Inspects `path` (inside the data root) read as `format`. */
export async function inspectCommand(format: string, path: string, options: InspectOptions, io: Io): Promise<number> {
  const dataRoot = dataRootOf(options.dataRoot, io.cwd);
  const sessions = createSessionManager({ dataRoot });
  let schema;
  try {
    schema = await sessions.inspect({ format, path, options: options.option ?? {} });
  } catch (error) {
    // Catalogue errors write the root as `<data root>` (main.ts names it for the user here).
    const message = (error as Error).message;
    const detail = message.includes('<data root>') ? message : `${message} (data root: <data root>)`;
    throw cliCatalogue.create('CLI_INSPECT_FAILED', { detail }, { cause: error });
  } finally {
    await sessions.shutdown();
  }
  if (options.json === true) {
    printJson(io, { fields: schema.fields.map((f) => ({ name: f.name, data_type: f.dataType, nullable: f.nullable })), row_count: schema.rowCount });
    return EXIT.ok;
  }
  const rows = schema.fields.map((f) => [f.name, f.dataType, f.nullable ? 'yes' : 'no']);
  printTable(io, [['FIELD', 'TYPE', 'NULLABLE'], ...rows]);
  println(io, `${count(io.style, schema.rowCount)} rows`);
  return EXIT.ok;
}
