import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTestPlatform } from '../support/platform.ts';

/** One platform for the whole platform suite, over the fixture project in ./fixture. */
export default async function setup(project: TestProject) {
  const t = await startTestPlatform({ supabaseDir: join(import.meta.dirname, 'fixture') });
  project.provide('platform', t.info);
  return () => t.stop();
}
