// The cutting planner's process is started by Node without tsx's loader (see plano-corte.ts): from the
// sources this loads the TypeScript planner through tsx's API. The compiled server
// (scripts/build-server.mjs) has this name for plano-corte-worker.ts compiled, and no tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./plano-corte-worker.ts', import.meta.url);
