import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Debian's Chromium, installed with apt-get when we are root and it is missing (Playwright's
 * own browser download cannot reach its host here). Undefined when there is none.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) return undefined;
  console.log('Chromium not found: installing Debian\'s chromium package…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return CANDIDATES.find((p) => existsSync(p));
}
