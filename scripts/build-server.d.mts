/** The folders the server is built from (scripts/build-server.mjs). */
export const SERVER_SOURCES: string[];
/** Whether dist/server (or `outDir`) is missing or older than its sources. */
export function serverBuildIsStale(outDir?: string): boolean;
/** Compiles the server into `outDir` (default dist/server); answers the path of its main.mjs. */
export function buildServer(outDir?: string): Promise<string>;
