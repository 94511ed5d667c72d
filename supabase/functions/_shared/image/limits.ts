/** The largest photo the upload path takes: the app says so when a file is chosen, the function refuses beyond. */
export const MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a phone's 12-48 MP camera fits; a decompression bomb of 12000 x 12000 does not. */
export const MAX_PIXELS = 40_000_000;
