import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/config-reference-cli.ts'],
  format: 'esm',
  target: 'node20',
  clean: true,
  sourcemap: true,
});
