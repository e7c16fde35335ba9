import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_VERSION, workspaceVersion } from './version';

describe('SERVICE_VERSION', () => {
  it('is the workspace root package.json version when running from sources', () => {
    const root = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string };
    expect(SERVICE_VERSION).toBe(root.version);
    expect(SERVICE_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is 0.0.0 outside a workspace', () => {
    expect(workspaceVersion('/')).toBe('0.0.0');
  });
});
