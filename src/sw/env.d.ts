/** True only in the build the e2e suite serves (vite.config.ts sets it from E2E_BUILD). */
declare const __E2E__: boolean;
