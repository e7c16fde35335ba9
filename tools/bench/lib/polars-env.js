// nodejs-polars needs its native package, which the lock file pins but the install may have
// skipped (an optional dependency). If it is missing, fetch exactly the locked version with
// `npm pack` into the bench data folder, check it against the lock file's integrity, and give the
// polars runs a NODE_PATH to it.
'use strict';
const crypto = require('node:crypto');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

/** The environment a polars child needs: `{}` when the package is installed, else a NODE_PATH under `dataDir`. */
function polarsEnv(root, dataDir) {
  try {
    require.resolve('nodejs-polars-linux-x64-gnu', { paths: [root] });
    return {};
  } catch {
    // fall through: fetch it
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('polars native package missing for this platform');
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages['node_modules/nodejs-polars-linux-x64-gnu'];
  const dir = path.join(dataDir, 'native');
  const target = path.join(dir, 'node_modules/nodejs-polars-linux-x64-gnu');
  if (!fs.existsSync(path.join(target, 'package.json'))) {
    fs.mkdirSync(dir, { recursive: true });
    const name = execFileSync('npm', ['pack', `nodejs-polars-linux-x64-gnu@${entry.version}`, '--silent'], { cwd: dir }).toString().trim();
    const tgz = path.join(dir, name);
    const integrity = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tgz)).digest('base64')}`;
    if (integrity !== entry.integrity) throw new Error(`integrity mismatch for ${name}`);
    fs.mkdirSync(target, { recursive: true });
    execFileSync('tar', ['xzf', tgz, '-C', target, '--strip-components=1']);
    fs.rmSync(tgz);
  }
  return { NODE_PATH: path.join(dir, 'node_modules') };
}

module.exports = { polarsEnv };
