import QRCode from 'qrcode';

/** The payload drawn as a standalone SVG QR code (error correction M, quiet zone of 2 modules). */
export async function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
