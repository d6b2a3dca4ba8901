export { type AppDependencies, buildApp } from './app.js';
export { type Config, ConfigError, loadConfig, SANDBOX_PAY_TO } from '@svc/config';
export type { Sandbox } from './sandbox.js';
