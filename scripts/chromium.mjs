// Which Chromium the tests drive. Debian's `chromium-headless-shell` (the same Chromium source, built
// without the browser's window and profile machinery) ran the browser specs in about 30 % less time than
// `/usr/bin/chromium` on this 2-core machine, where the full browser's extra processes compete with the
// servers under test. `scripts/test.sh` installs it; without it (no root to install) the full browser runs.
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const FULL_BROWSER = '/usr/bin/chromium';

/** CHROMIUM_PATH when set, else the headless shell when installed, else the full browser. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER;
}
