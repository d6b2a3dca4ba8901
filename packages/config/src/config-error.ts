/** A setting that stops the service at start: the message names the setting and what it must be. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
