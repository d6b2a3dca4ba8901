// Records every module a Node process resolves, one URL a line, into the file named by RECORD_IMPORTS_FILE:
// `node --import ./record-imports.mjs main.js`. The same file registers itself (main thread) and serves as the hooks
// (the loader thread), so the test needs one fixture only.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}

if (isMainThread) register(import.meta.url, { data: { file: process.env.RECORD_IMPORTS_FILE } });
