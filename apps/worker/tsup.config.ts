import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/sandbox.ts', 'src/main.ts'],
  format: 'esm',
  target: 'node20',
  clean: true,
  sourcemap: true,
});
