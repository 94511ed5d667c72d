/**
 * Every Italian string the user can see. Components and tests import `t` from here; each
 * area keeps its strings in its own section file, merged below.
 */
import { common } from './common.ts';

export const t = {
  common,
} as const;

export type Catalogue = typeof t;
