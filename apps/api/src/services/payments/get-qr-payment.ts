import type { QrPayment } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { getPackageForSale } from '../packages/get-package-for-sale.ts';
import { type PromptPayTarget, promptPayPayload } from './promptpay-payload.ts';
import { qrPng, qrSvg } from './promptpay-qr.ts';

/** Our reference for a transfer: who pays for what, short enough for a bank app's memo field. */
export function paymentReference(userId: number, packageId: number): string {
  return `BAAN${userId}P${packageId}`;
}

/** Step 1 of a QR payment: the PromptPay QR for the package's exact price. Nothing is stored. */
export async function getQrPayment(
  db: Db,
  target: PromptPayTarget,
  userId: number,
  packageId: number,
): Promise<QrPayment> {
  const pkg = await getPackageForSale(db, packageId);
  const payload = promptPayPayload(target, pkg.price);
  return {
    package_id: pkg.id,
    amount: pkg.price,
    promptpay_payload: payload,
    qr_svg: await qrSvg(payload),
    qr_png: await qrPng(payload),
    reference: paymentReference(userId, pkg.id),
  };
}
