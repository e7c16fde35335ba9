/**
 * The server version: the workspace's root package.json `version`, inlined by the bundler so the
 * deployed bundle reports the version it was built from.
 */
import rootPackage from '../../../package.json';

/** The version reported by Health. */
export const SERVER_VERSION: string = rootPackage.version;
