import { defineConfig } from 'vite';

// Served by the gateway at /app (apps/http-gateway/src/routes/account-app.ts); JSX is Preact's (tsconfig.json).
export default defineConfig({
  base: '/app/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
});
