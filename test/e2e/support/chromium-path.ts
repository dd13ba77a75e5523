/** Debian's Chromium unless CHROMIUM_PATH names another binary. */
export function chromiumExecutablePath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}
