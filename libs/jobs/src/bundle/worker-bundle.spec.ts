import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveWorkerFile } from '../pool/worker-file';
import { SESSION_WORKER_BUNDLE_NAME, resolveSessionWorkerFile, sessionWorkerBundleOptions } from '../sessions/worker/worker-file';

describe('worker bundles from sources', () => {
  it('bundles the danfo session worker into its own tmp/ folder, once per content hash', () => {
    const file = resolveSessionWorkerFile();
    expect(file).toMatch(/tmp\/danfo-session-worker\/[0-9a-f]{16}\/danfo-session-worker\.js$/);
    expect(path.basename(file)).toBe(SESSION_WORKER_BUNDLE_NAME);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('require("danfojs-node")');
    expect(text).not.toContain('require("@pipeline/');
    expect(resolveSessionWorkerFile()).toBe(file);
  });

  it('hashes the same inputs for both workers, so their folders change together', () => {
    const jobsDigest = path.basename(path.dirname(resolveWorkerFile()));
    const sessionDigest = path.basename(path.dirname(resolveSessionWorkerFile()));
    expect(sessionDigest).toBe(jobsDigest);
  });

  it('gives the session worker options the apps build with', () => {
    const options = sessionWorkerBundleOptions('/out/w.js');
    expect(options).toMatchObject({
      entryPoints: [expect.stringMatching(/libs\/jobs\/src\/sessions\/worker\/session-worker\.ts$/)],
      outfile: '/out/w.js',
      bundle: true,
      format: 'cjs',
      packages: 'external',
    });
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
