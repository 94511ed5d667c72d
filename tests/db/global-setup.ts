import type { TestProject } from 'vitest/node';
import { startTestPlatform } from '../support/platform.ts';

/** One platform for the whole database suite, over the product's own supabase/ folder. */
export default async function setup(project: TestProject) {
  const t = await startTestPlatform({ cron: false });
  project.provide('platform', t.info);
  return () => t.stop();
}
