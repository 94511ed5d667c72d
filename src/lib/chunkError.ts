/**
 * True when a screen's or dialog's code could not be downloaded (offline, or the network
 * dropped): the browsers' messages for a failed dynamic import, and Vite's for a failed preload.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|importing a module script failed|unable to preload/i.test(message);
}
