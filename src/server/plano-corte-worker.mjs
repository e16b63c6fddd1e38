// Node loads a worker thread's file itself, without tsx's loader (and under vitest without any): from
// the sources this loads the TypeScript worker through tsx's API. The compiled server
// (scripts/build-server.mjs) has this name for plano-corte-worker.ts compiled, and no tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./plano-corte-worker.ts', import.meta.url);
