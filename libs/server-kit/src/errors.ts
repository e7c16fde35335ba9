/** The catalogue of @pipeline/server-kit: a configuration value the process cannot start with. */
import { defineErrorCatalogue, type CatalogueError } from '@pipeline/errors';

/** The server kit's catalogue. */
export const serverKitCatalogue = defineErrorCatalogue({
  name: 'ConfigError',
  prefix: 'CONFIG',
  entries: {
    CONFIG_INVALID: {
      meaning: 'A flag or environment variable has a value the server cannot start with; the message names it.',
      // Start-up only: the process prints the message and exits 2, no client ever sees it.
      message: (a: { setting: string; detail: string }) => a.detail,
      details: (a: { setting: string }) => ({ field: a.setting }),
      public: false,
    },
  },
});

/** A flag or variable that cannot be used; `details.field` is the flag or variable at fault. */
export type ConfigError = CatalogueError<'CONFIG_INVALID'>;

/** Builds a ConfigError naming `setting` (`--port`, `PORT`, ...). */
export function configError(setting: string, detail: string): ConfigError {
  return serverKitCatalogue.create('CONFIG_INVALID', { setting, detail });
}

/** True for configuration errors. */
export function isConfigError(e: unknown): e is ConfigError {
  return serverKitCatalogue.is(e);
}
