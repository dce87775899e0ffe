import { HttpError } from '../../lib/errors.ts';
import { ImageProcessingError, ImageTooLargeError, MAX_INPUT_PIXELS } from '../images/process-image.ts';

/** "… at most 50 megapixels …": the cap in the words people use for photos. */
export function tooManyPixelsMessage(filename: string, err: ImageTooLargeError): string {
  const megapixels = MAX_INPUT_PIXELS / 1_000_000;
  return `"${filename}" is ${err.width} × ${err.height} pixels; a photo can have at most ${megapixels} megapixels. Resize it and try again.`;
}

/**
 * The answer for a photo the image pipeline refused: 422 when it has too many pixels (the file
 * itself may be small, so not 413), 415 when sharp cannot decode it. Null for anything else
 * (a storage failure keeps its own 507/500).
 */
export function photoRejection(err: unknown, file: { filename: string; field: string }): HttpError | null {
  if (err instanceof ImageTooLargeError) {
    const message = tooManyPixelsMessage(file.filename, err);
    return new HttpError(422, message, { [file.field]: [message] });
  }
  if (err instanceof ImageProcessingError) {
    return new HttpError(415, `"${file.filename}" could not be read as a photo. Try another file.`, {
      [file.field]: ['This photo could not be read.'],
    });
  }
  return null;
}
