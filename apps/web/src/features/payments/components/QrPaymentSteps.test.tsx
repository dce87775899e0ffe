import type { Package } from '@baan/contract';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

const PACKAGE: Package = { id: 1, name: 'Starter', price: 490, duration_days: 30, features: [], featured_quota: 0 };
const MB = 1024 * 1024;
const QR_PNG = 'data:image/png;base64,iVBORw0KGgo=';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });
beforeAll(async () => {
  await import('../../../app/routes/checkout');
}, 60_000);
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The API as the checkout sees it (the server itself is covered by apps/api/test): QR on, and
 * the receipt answered with `status` and `message`. Returns the receipt posts made.
 */
function stubApi(status: number, message: string) {
  const receipts: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/payment/card/config')
        return json(200, {
          success: true,
          payload: {
            provider: 'test',
            test_mode: true,
            publishable_key: null,
            qr_enabled: true,
            qr_review_hours: null,
          },
        });
      if (path === '/api/payment/qr')
        return json(200, {
          success: true,
          payload: {
            package_id: 1,
            amount: 490,
            promptpay_payload: '000201',
            qr_svg: '<svg/>',
            qr_png: QR_PNG,
            reference: 'BAAN7P1',
          },
        });
      if (path === '/api/payment/qr/manual') {
        receipts.push(request);
        return json(status, { success: false, message });
      }
      throw new Error(`unexpected ${request.method} ${path}`);
    }),
  );
  return receipts;
}

/** Opens the checkout's PromptPay tab at step 2 with a transaction ID typed and `file` chosen, and submits. */
async function submitReceipt(file: File) {
  await renderApp(
    { pathname: '/checkout', state: { selectedPackage: PACKAGE, userId: 7 } },
    { login: signedIn({ id: 7 }, 'tok') },
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'PromptPay QR' }));
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText('Transaction ID'), 'TX-0001');
  await user.upload(screen.getByLabelText('Receipt image'), file);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

function slip(bytes: number) {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'slip.jpg', { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

describe('PromptPay QR step', () => {
  it('offers the QR as an image to save, named with the amount and the reference, for the bank app', async () => {
    stubApi(201, '');
    await renderApp(
      { pathname: '/checkout', state: { selectedPackage: PACKAGE, userId: 7 } },
      { login: signedIn({ id: 7 }, 'tok') },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'PromptPay QR' }));
    const save = await screen.findByRole('link', { name: 'Save QR image' });
    expect(save).toHaveAttribute('href', QR_PNG);
    expect(save).toHaveAttribute('download', 'baan-promptpay-490-thb-BAAN7P1.png');
    expect(screen.getByText(/open your bank app, choose to scan a QR from your photos/)).toBeInTheDocument();
  });

  it('says on the receipt step how long approval usually takes', async () => {
    stubApi(201, '');
    await renderApp(
      { pathname: '/checkout', state: { selectedPackage: PACKAGE, userId: 7 } },
      { login: signedIn({ id: 7 }, 'tok') },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'PromptPay QR' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(/An admin checks each transfer by hand.+usually approved within one working day\./),
    ).toBeInTheDocument();
  });
});

describe('PromptPay receipt step', () => {
  it('says a receipt over 50 MB is too large, and sends nothing', async () => {
    const receipts = stubApi(201, '');
    await submitReceipt(slip(51 * MB));
    expect(await screen.findByText('The receipt image is too large: at most 50 MB.')).toBeInTheDocument();
    expect(receipts).toEqual([]);
  });

  it('tells the hourly limit with the wait the server gives', async () => {
    stubApi(429, 'Too many attempts. Please try again in 42 minutes.');
    await submitReceipt(slip(300_000));
    expect(await screen.findByText('Too many receipts sent. Please wait 42 min and try again.')).toBeInTheDocument();
  });

  it.each([
    [422, 'The receipt image has too many pixels (at most 50 megapixels). Send a screenshot or a smaller photo.'],
    [507, 'The server has no room for new receipts right now. Nothing was saved; please try again later.'],
    [409, 'This transaction ID has already been submitted.'],
  ])('explains a %i from the server', async (status, text) => {
    stubApi(status, 'English text from the server');
    await submitReceipt(slip(300_000));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
