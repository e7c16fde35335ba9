import { EngineError, assetPrefix } from '../errors';

/** E_READ_FAILED: `asset "raw": cannot read data/x.csv: <what>`. */
export function readFailed(asset: string, display: string, what: string, cause?: unknown): EngineError {
  return new EngineError('E_READ_FAILED', `${assetPrefix(asset)}cannot read ${display}: ${what}`, { asset, path: display }, { cause });
}
