import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_VERSION, workspaceVersion } from './version';

describe('SERVER_VERSION', () => {
  it('is the root package.json version', () => {
    const root = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    expect(SERVER_VERSION).toBe(root.version);
    expect(SERVER_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('is 0.0.0 outside a workspace', () => {
    expect(workspaceVersion('/')).toBe('0.0.0');
  });
});
