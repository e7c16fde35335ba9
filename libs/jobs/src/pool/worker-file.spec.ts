import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WORKER_BUNDLE_NAME, resolveWorkerFile } from './worker-file';

describe('worker file', () => {
  it('bundles the worker from TypeScript sources into tmp/, once per content hash', () => {
    const file = resolveWorkerFile();
    expect(file).toMatch(new RegExp(`tmp/jobs-worker/[0-9a-f]{16}/${WORKER_BUNDLE_NAME.replace('.', '\\.')}$`));
    const text = fs.readFileSync(file, 'utf8');
    // npm packages stay external; workspace libraries are inlined.
    expect(text).toContain('require("@duckdb/node-api")');
    expect(text).not.toContain('require("@pipeline/');
    expect(resolveWorkerFile()).toBe(file);
  });

  it('uses an explicit file and names a missing one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-worker-file-'));
    try {
      const explicit = path.join(dir, 'w.js');
      fs.writeFileSync(explicit, 'module.exports = () => null;\n');
      expect(resolveWorkerFile(explicit)).toBe(explicit);
      expect(() => resolveWorkerFile(path.join(dir, 'missing.js'))).toThrow(
        expect.objectContaining({ code: 'JOB_WORKER_FILE_MISSING', details: { file: path.join(dir, 'missing.js') } }),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
