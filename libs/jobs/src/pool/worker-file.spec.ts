import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WORKER_FILE_NAME, resolveWorkerFile } from './worker-file';

describe('worker file', () => {
  it('finds the file built by the jobs:build-workers target (no bundling at test time)', () => {
    const file = resolveWorkerFile();
    expect(file).toBe(path.resolve(__dirname, '../../../../dist/libs/jobs/workers', WORKER_FILE_NAME));
    const text = fs.readFileSync(file, 'utf8');
    // npm packages stay external; workspace libraries are inlined.
    expect(text).toContain('require("@duckdb/node-api")');
    expect(text).not.toContain('require("@pipeline/');
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
