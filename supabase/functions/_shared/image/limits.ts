/** The largest photo the upload path takes: the app says so when a file is chosen, the function refuses beyond. */
export const MAX_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a phone's 12-48 MP camera fits; a decompression bomb of 12000 x 12000 does not. */
export const MAX_PIXELS = 40_000_000;
/**
 * The app's 4:5 crop at its largest (src/features/photos/model.ts outputSize). The function
 * decodes the crop to hash it, so it refuses a larger one from its header (issue 41).
 */
export const CROP_MAX_WIDTH = 1600;
export const CROP_MAX_HEIGHT = 2000;
