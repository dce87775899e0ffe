import QRCode from 'qrcode';

/** The payload drawn as a standalone SVG QR code (error correction M, quiet zone of 2 modules). */
export async function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** How wide the saved QR image is: a bank app reads it from the phone's photos, so it is drawn large and crisp. */
export const QR_PNG_WIDTH = 600;

/**
 * The same QR as a PNG data URL (black on white, a quiet zone of 4 modules as the QR standard asks): what the checkout
 * offers as "Save QR", since a Thai bank app scans a PromptPay QR from the phone's photos, not from its own screen.
 */
export async function qrPng(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 4, width: QR_PNG_WIDTH, type: 'image/png' });
}
