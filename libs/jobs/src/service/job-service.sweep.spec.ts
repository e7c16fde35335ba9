import * as fs from 'node:fs';
import * as path from 'node:path';
import { createJobService } from './job-service';
import { createDataRoot, removeDataRoot } from './__fixtures__/fixtures';

describe('job service: temporary outputs left by a killed process', () => {
  let root: string;
  beforeAll(async () => {
    root = await createDataRoot();
  });
  afterAll(() => removeDataRoot(root));

  it('are removed at start when old, while a young one (a write in progress elsewhere) stays', async () => {
    fs.mkdirSync(path.join(root, 'out'), { recursive: true });
    const stale = path.join(root, 'out', '.summary.csv.0123456789ab.tmp');
    const young = path.join(root, 'out', '.other.csv.ba9876543210.tmp');
    fs.writeFileSync(stale, 'half a file');
    fs.writeFileSync(young, 'being written');
    const twoHoursAgo = (Date.now() - 2 * 3600_000) / 1000;
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    const jobs = createJobService({ dataRoot: root, workers: 1 });
    try {
      const deadline = Date.now() + 5_000;
      while (fs.existsSync(stale) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(young)).toBe(true);
    } finally {
      await jobs.shutdown({ graceMs: 0 });
    }
  });
});
