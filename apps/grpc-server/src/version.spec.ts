import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readWorkspaceVersion, SERVER_VERSION } from './version';

describe('SERVER_VERSION', () => {
  it('is the root package.json version', () => {
    const root = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));
    expect(SERVER_VERSION).toBe(root.version);
  });

  it('falls back to 0.0.0 outside a workspace', () => {
    expect(readWorkspaceVersion('/')).toBe('0.0.0');
  });
});
