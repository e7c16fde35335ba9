import { execFileSync } from 'node:child_process';
import { resolveWorkerFile } from '../pool/worker-file';

/** The npm packages a fresh process holds after loading `file` (the built worker), by name. */
function packagesLoadedBy(file: string): string[] {
  const script = `
    require(${JSON.stringify(file)});
    const names = new Set();
    for (const key of Object.keys(require.cache)) {
      const m = /[\\\\/]node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(key);
      if (m) names.add(m[1].replace(/\\\\/g, '/'));
    }
    process.stdout.write(JSON.stringify([...names].sort()));
  `;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 60_000 })) as string[];
}

describe('the built jobs worker', () => {
  // Every worker thread loads the file before it takes its first job (the 10M-row example over HTTP
  // waits for it): the Spark client's gRPC and Arrow packages cost about 190 ms of CPU and 28 MB per
  // thread, and danfojs-node about a second, for runs that only those backends make.
  it('loads DuckDB at start, and neither the Spark client nor danfo until a run needs them', () => {
    const loaded = packagesLoadedBy(resolveWorkerFile());
    expect(loaded).toContain('@duckdb/node-api');
    expect(loaded.filter((name) => /^(nice-grpc|@grpc\/|apache-arrow|danfojs-node|@tensorflow\/)/.test(name))).toEqual([]);
  });
});
