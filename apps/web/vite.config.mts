// Vite builds the app into apps/web/build; the API serves it under /app/ (apps/api/src/web).
// Everything is bundled: no CDN, no network at page load.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/app/",
  logLevel: "warn",
  build: {
    outDir: "build",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
});
