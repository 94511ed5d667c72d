/** What other features may use from photos. */
export { PhotoPicker } from './components/PhotoPicker.tsx';
export { PhotoManager } from './components/PhotoManager.tsx';
export { uploadDraftPhotos, uploadVerificationSelfie, type DraftPhoto } from './api.ts';
export { photoKeys } from './queries.ts';
export { MAX_PHOTOS, type UploadReview } from './model.ts';
