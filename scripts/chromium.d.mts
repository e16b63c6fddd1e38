/** Debian's chromium-headless-shell binary (scripts/chromium.mjs). */
export const HEADLESS_SHELL: string;
/** Debian's chromium launcher. */
export const FULL_BROWSER: string;
/** CHROMIUM_PATH when set, else the headless shell when installed, else the full browser. */
export function chromiumPath(): string;
