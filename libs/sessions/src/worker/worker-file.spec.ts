import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SESSION_WORKER_FILE_NAME, resolveSessionWorkerFile } from './worker-file';

describe('session worker file', () => {
  it('finds the file built by the sessions:build-workers target (no bundling at test time)', () => {
    const file = resolveSessionWorkerFile();
    expect(file).toBe(path.resolve(__dirname, '../../../../dist/libs/sessions/workers', SESSION_WORKER_FILE_NAME));
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('require("danfojs-node")');
    expect(text).not.toContain('require("@pipeline/');
  });

  it('uses an explicit session worker file and names a missing one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-worker-file-'));
    try {
      const explicit = path.join(dir, 'w.js');
      fs.writeFileSync(explicit, '\n');
      expect(resolveSessionWorkerFile(explicit)).toBe(explicit);
      const missing = path.join(dir, 'missing.js');
      expect(() => resolveSessionWorkerFile(missing)).toThrow(
        expect.objectContaining({ code: 'SESSION_WORKER_FAILED', message: expect.stringContaining(missing) }),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
