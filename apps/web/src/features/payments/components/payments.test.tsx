import type { Package } from '@baan/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';

// Stripe.js is loaded from Stripe's servers on the internet, so it is the one thing mocked here:
// a card "element" that mounts into the page, and the two calls the form makes.
const stripeMock = vi.hoisted(() => ({
  createPaymentMethod: vi.fn(),
  confirmCardPayment: vi.fn(),
  mounted: 0,
}));
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: vi.fn(async () => ({
    elements: () => ({
      create: () => ({
        mount: (node: HTMLElement) => {
          stripeMock.mounted += 1;
          node.textContent = 'stripe card frame';
        },
        destroy: () => {},
      }),
    }),
    createPaymentMethod: stripeMock.createPaymentMethod,
    confirmCardPayment: stripeMock.confirmCardPayment,
  })),
}));

const PACKAGES: Package[] = [
  {
    id: 1,
    name: 'Starter',
    price: 490,
    duration_days: 30,
    features: ['unlimitedListings', 'fullAnalytics'],
    featured_quota: 0,
  },
  { id: 2, name: 'Professional', price: 1290, duration_days: 30, features: ['featuredAds'], featured_quota: 5 },
];
const SIGNED_IN = { login: signedIn({ id: 7, name: 'Somchai', email: 'somchai@example.com' }, 'tok') };

/** Answers /api calls by path; anything unexpected fails the test. */
/** The checkout's first call: test cards and the PromptPay demo. Tests that end on /checkout answer it too, and wait
 * for the page it draws, so no call of theirs is still under way when the real fetch comes back after them. */
const cardConfig = () =>
  json(200, {
    success: true,
    payload: {
      provider: 'test',
      test_mode: true,
      publishable_key: null,
      card_enabled: true,
      qr_enabled: true,
      qr_demo: true,
    },
  });

function stubApi(handlers: Record<string, (request: Request) => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (input: Request) => {
    const path = new URL(input.url).pathname;
    const handler = handlers[`${input.method} ${path}`];
    if (!handler) throw new Error(`unexpected ${input.method} ${path}`);
    return handler(input);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function renderAt(entry: { pathname: string; state?: unknown }, preloaded?: typeof SIGNED_IN) {
  const { router, store } = await renderApp(entry, preloaded);
  return { router, store };
}

// Lazy route chunks and RTK Query round trips can be slow on a busy CI machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

// Load the lazy route chunks once up front, so the first test does not spend its wait compiling them.
beforeAll(async () => {
  await Promise.all([
    import('../../../app/routes/select-package'),
    import('../../../app/routes/billing-information'),
    import('../../../app/routes/checkout'),
    import('../../../app/routes/payment-success'),
    import('../../../app/routes/order-success'),
    import('../../../app/routes/coming-soon'),
    import('../../../app/routes/info-page'),
    import('../../../app/routes/dashboard'),
    import('../../../app/routes/dashboard.overview'),
  ]);
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/select-package', () => {
  it('shows each package (read by the page loader) with its price, 30-day validity and translated features', async () => {
    stubApi({ 'GET /api/packages': () => json(200, { success: true, payload: PACKAGES }) });
    await renderAt({ pathname: '/select-package' });
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(screen.queryByText('Loading packages...')).toBeNull();
    expect(screen.getByText('฿490')).toBeInTheDocument();
    expect(screen.getAllByText('Valid for 30 days')).toHaveLength(2);
    expect(screen.getAllByText('/ month')).toHaveLength(2);
    expect(screen.getByText('Unlimited property listings')).toBeInTheDocument();
    expect(screen.getByText('5+ featured property ads')).toBeInTheDocument();
  });

  it("says 'Failed to load packages.' when the call fails", async () => {
    stubApi({ 'GET /api/packages': () => json(500, { success: false, message: 'x' }) });
    await renderAt({ pathname: '/select-package' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load packages.');
  });

  it('sends a visitor to /login with redirectFrom, and a signed-in user to billing with the package and user id', async () => {
    stubApi({ 'GET /api/packages': () => json(200, { success: true, payload: PACKAGES }) });
    const user = userEvent.setup();
    const visitor = await renderAt({ pathname: '/select-package' });
    await user.click(await screen.findByRole('button', { name: 'Choose package: Starter' }));
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    expect(visitor.router.state.location.state).toEqual({ redirectFrom: '/select-package' });
  });

  it('passes {selectedPackage, userId} to /billing-information', async () => {
    stubApi({ 'GET /api/packages': () => json(200, { success: true, payload: PACKAGES }) });
    const user = userEvent.setup();
    const { router } = await renderAt({ pathname: '/select-package' }, SIGNED_IN);
    await user.click(await screen.findByRole('button', { name: 'Choose package: Professional' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing-information'));
    expect(router.state.location.state).toEqual({ selectedPackage: PACKAGES[1], userId: 7 });
  });
});

describe('a payment waiting for approval', () => {
  const pendingSubscription = () =>
    json(200, {
      success: true,
      payload: {
        is_active: 0,
        package_id: null,
        package_name: null,
        starts_at: null,
        ends_at: null,
        days_left: 0,
        pending_payment: {
          id: 9,
          package_id: 2,
          package_name: 'Professional',
          amount: 1290,
          method: 'qr',
          created_at: '2026-11-19T03:00:00.000Z',
        },
      },
    });
  const config = (hours: number | null) => () =>
    json(200, {
      success: true,
      payload: {
        provider: 'test',
        test_mode: true,
        publishable_key: null,
        card_enabled: true,
        qr_enabled: true,
        qr_demo: true,
        qr_review_hours: hours,
      },
    });

  it('is named on the package page: what, when, how long approval takes, and no need to pay again', async () => {
    stubApi({
      'GET /api/packages': () => json(200, { success: true, payload: PACKAGES }),
      'GET /api/user/subscription': pendingSubscription,
      'GET /api/payment/card/config': config(3),
    });
    await renderAt({ pathname: '/select-package' }, SIGNED_IN);
    const notice = await screen.findByTestId('pending-payment');
    expect(notice).toHaveTextContent(
      "Your PromptPay payment of ฿1,290 for Professional, sent on Nov 19, 2026, is waiting for an admin's approval.",
    );
    await waitFor(() => expect(notice).toHaveTextContent('Transfers are usually approved within 3 hours.'));
    expect(notice).toHaveTextContent('There is no need to pay again.');
    expect(within(notice).getByRole('link', { name: 'See your dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('is not mentioned to a visitor (no subscription is asked for), nor to someone with nothing pending', async () => {
    const visitorCalls = stubApi({ 'GET /api/packages': () => json(200, { success: true, payload: PACKAGES }) });
    await renderAt({ pathname: '/select-package' });
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    expect(screen.queryByTestId('pending-payment')).not.toBeInTheDocument();
    expect(visitorCalls.mock.calls.map((call) => new URL((call[0] as Request).url).pathname)).toEqual([
      '/api/packages',
    ]);
  });

  it('says on the order page how long approval usually takes', async () => {
    stubApi({ 'GET /api/payment/card/config': config(null) });
    await renderAt({ pathname: '/order-success' }, SIGNED_IN);
    expect(await screen.findByText(/Transfers are usually approved within one working day\./)).toBeInTheDocument();
  });
});

describe('billing and checkout', () => {
  it('send a visitor without a package or user back to /select-package', async () => {
    stubApi({ 'GET /api/packages': () => json(200, { success: true, payload: PACKAGES }) });
    const { router } = await renderAt({ pathname: '/checkout' }, SIGNED_IN);
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-package'));
    const billing = await renderAt({ pathname: '/billing-information', state: { userId: 7 } }, SIGNED_IN);
    await waitFor(() => expect(billing.router.state.location.pathname).toBe('/select-package'));
  });

  it('checks the billing form, then goes to checkout with the billing details', async () => {
    stubApi({
      'GET /api/user/billing': () => json(200, { success: true, payload: null }),
      'GET /api/payment/card/config': cardConfig,
    });
    const user = userEvent.setup();
    const { router } = await renderAt(
      { pathname: '/billing-information', state: { selectedPackage: PACKAGES[0], userId: 7 } },
      SIGNED_IN,
    );
    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('Please enter the name for the invoice.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Full name/), 'Somchai Jaidee');
    await user.type(screen.getByLabelText(/Tax ID/), '1234567890123');
    await user.type(screen.getByLabelText(/Billing address/), '1 Sukhumvit Rd, Bangkok 10110');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('The tax ID must be 13 valid digits.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Tax ID/));
    await user.type(screen.getByLabelText(/Tax ID/), '1101700230708');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.state).toMatchObject({
      billing: { billing_name: 'Somchai Jaidee', billing_tax_id: '1101700230708' },
    });
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
  });

  it('starts the billing form with the last payment’s details, and says so', async () => {
    const billingCalls = stubApi({
      'GET /api/user/billing': () =>
        json(200, {
          success: true,
          payload: {
            name: 'Baan Co., Ltd.',
            company_name: 'Baan Co., Ltd.',
            tax_id: '1101700230708',
            branch: 'Head office',
            address: '2 Silom Rd, Bangkok 10500',
          },
        }),
      'GET /api/payment/card/config': cardConfig,
    });
    const user = userEvent.setup();
    const { router } = await renderAt(
      { pathname: '/billing-information', state: { selectedPackage: PACKAGES[0], userId: 7 } },
      SIGNED_IN,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('We filled in the details of your last payment.');
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Baan Co., Ltd.');
    expect(screen.getByLabelText(/Company name/)).toHaveValue('Baan Co., Ltd.');
    expect(screen.getByLabelText(/Tax ID/)).toHaveValue('1101700230708');
    expect(screen.getByLabelText(/Branch/)).toHaveValue('Head office');
    expect(screen.getByLabelText(/Billing address/)).toHaveValue('2 Silom Rd, Bangkok 10500');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.state).toMatchObject({ billing: { billing_name: 'Baan Co., Ltd.' } });
    const paths = billingCalls.mock.calls.map((call) => new URL((call[0] as Request).url).pathname);
    expect(paths.filter((path) => path === '/api/user/billing')).toHaveLength(1);
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
  });

  it('keeps what was typed when coming back from the checkout, without asking for the last details', async () => {
    const fetchMock = stubApi({ 'GET /api/user': () => json(401, { success: false, message: 'x' }) });
    const billing = {
      billing_name: 'Somchai Jaidee',
      billing_company: '',
      billing_tax_id: '',
      billing_branch: '',
      billing_address: '1 Sukhumvit Rd',
    };
    await renderAt(
      { pathname: '/billing-information', state: { selectedPackage: PACKAGES[0], userId: 7, billing } },
      SIGNED_IN,
    );
    expect(await screen.findByLabelText(/Full name/)).toHaveValue('Somchai Jaidee');
    expect(screen.queryByText(/We filled in the details/)).not.toBeInTheDocument();
    const paths = fetchMock.mock.calls.map((call) => new URL((call[0] as Request).url).pathname);
    expect(paths).not.toContain('/api/user/billing');
  });

  it("pays by test card: 'Processing Payment...', then /payment-success; a decline shows the toast", async () => {
    let attempt = 0;
    const fetchMock = stubApi({
      'GET /api/payment/card/config': cardConfig,
      'POST /api/payment/card': async () => {
        attempt += 1;
        if (attempt === 1) return json(402, { success: false, message: 'Your card was declined.' });
        return json(200, { success: true, payload: { payment: {}, subscription: {} } });
      },
    });
    const user = userEvent.setup();
    const { router } = await renderAt(
      { pathname: '/checkout', state: { selectedPackage: PACKAGES[0], userId: 7 } },
      SIGNED_IN,
    );
    expect(await screen.findByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText('somchai@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name on card'), 'Somchai');
    await user.type(screen.getByLabelText('Card number'), '4000000000000002');
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    await user.type(screen.getByLabelText('Expiry date'), '1230');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(screen.getByRole('button', { name: 'Pay ฿490' }));
    expect(await screen.findByText('Payment failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay ฿490' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View Property' })).toHaveAttribute('href', '/');

    const paid = fetchMock.mock.calls
      .map((call) => call[0] as Request)
      .filter((request) => request.method === 'POST')
      .at(-1);
    expect(await paid?.json()).toMatchObject({
      package_id: 1,
      card_number: '4242 4242 4242 4242',
      exp_month: 12,
      exp_year: 30,
    });
  });
});

describe('payment methods the site has not set up', () => {
  const config = (payload: Record<string, unknown>) => () =>
    json(200, { success: true, payload: { test_mode: false, publishable_key: null, ...payload } });
  const QR = {
    amount: 490,
    promptpay_payload: '000201010212',
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    reference: 'BAAN-7-1',
  };

  it('opens on PromptPay when the site takes no cards, and the card tab says so (a production site without Stripe)', async () => {
    stubApi({
      'GET /api/payment/card/config': config({
        provider: 'none',
        card_enabled: false,
        qr_enabled: true,
        qr_demo: false,
      }),
      'GET /api/payment/qr': () => json(200, { success: true, payload: QR }),
    });
    const user = userEvent.setup();
    await renderAt({ pathname: '/checkout', state: { selectedPackage: PACKAGES[0], userId: 7 } }, SIGNED_IN);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'PromptPay QR' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByText('BAAN-7-1')).toBeInTheDocument();
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Card' }));
    expect(
      await screen.findByText('Card payments are not available here yet. Please pay with PromptPay QR.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('labels the demo PromptPay ID so nobody thinks the QR pays a real account', async () => {
    stubApi({
      'GET /api/payment/card/config': config({
        provider: 'test',
        test_mode: true,
        card_enabled: true,
        qr_enabled: true,
        qr_demo: true,
      }),
      'GET /api/payment/qr': () => json(200, { success: true, payload: QR }),
    });
    const user = userEvent.setup();
    await renderAt({ pathname: '/checkout', state: { selectedPackage: PACKAGES[0], userId: 7 } }, SIGNED_IN);
    await user.click(await screen.findByRole('tab', { name: 'PromptPay QR' }));
    expect(await screen.findByText('Demo')).toBeInTheDocument();
    expect(screen.getByText(/belongs to no bank account: no money moves/)).toBeInTheDocument();
  });

  it('says PromptPay is not available without asking the server for a QR', async () => {
    const fetchMock = stubApi({
      'GET /api/payment/card/config': config({
        provider: 'test',
        test_mode: true,
        card_enabled: true,
        qr_enabled: false,
        qr_demo: false,
      }),
    });
    const user = userEvent.setup();
    await renderAt({ pathname: '/checkout', state: { selectedPackage: PACKAGES[0], userId: 7 } }, SIGNED_IN);
    await user.click(await screen.findByRole('tab', { name: 'PromptPay QR' }));
    expect(
      await screen.findByText('PromptPay QR payments are not available here yet. Please pay by card, or contact us.'),
    ).toBeInTheDocument();
    const paths = fetchMock.mock.calls.map((call) => new URL((call[0] as Request).url).pathname);
    expect(paths).not.toContain('/api/payment/qr');
  });
});

describe('card payments through Stripe', () => {
  const stripeConfig = () =>
    json(200, {
      success: true,
      payload: {
        provider: 'stripe',
        test_mode: false,
        publishable_key: 'pk_test_x',
        card_enabled: true,
        qr_enabled: true,
        qr_demo: false,
      },
    });

  it('sends only the PaymentMethod id, confirms 3-D Secure, and waits for the webhook to activate', async () => {
    stripeMock.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_123' } });
    stripeMock.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    let polls = 0;
    const fetchMock = stubApi({
      'GET /api/payment/card/config': stripeConfig,
      'POST /api/payment/card': () =>
        json(202, { success: true, payload: { payment: {}, subscription: null, client_secret: 'pi_1_secret_2' } }),
      'GET /api/user/subscription': () => {
        polls += 1;
        return json(200, {
          success: true,
          payload: {
            is_active: 1,
            package_id: 1,
            package_name: 'Starter',
            starts_at: null,
            ends_at: '2026-12-21T00:00:00Z',
            days_left: 30,
            pending_payment: null,
          },
        });
      },
    });
    const user = userEvent.setup();
    const { router } = await renderAt(
      { pathname: '/checkout', state: { selectedPackage: PACKAGES[0], userId: 7 } },
      SIGNED_IN,
    );
    expect(await screen.findByText('stripe card frame')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name on card'), 'Somchai');
    await user.click(screen.getByRole('button', { name: 'Pay ฿490' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success'));
    expect(stripeMock.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'card', billing_details: { name: 'Somchai' } }),
    );
    expect(stripeMock.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2');
    expect(polls).toBeGreaterThan(0);
    const paid = fetchMock.mock.calls.map((call) => call[0] as Request).find((r) => r.method === 'POST');
    const sent = await paid?.json();
    expect(sent).toMatchObject({ package_id: 1, payment_method_id: 'pm_123' });
    expect(sent).not.toHaveProperty('card_number');
  });

  it("shows Stripe's reason when the card is refused, and stays on checkout", async () => {
    stripeMock.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const fetchMock = stubApi({ 'GET /api/payment/card/config': stripeConfig });
    const user = userEvent.setup();
    const { router } = await renderAt(
      { pathname: '/checkout', state: { selectedPackage: PACKAGES[0], userId: 7 } },
      SIGNED_IN,
    );
    await screen.findByText('stripe card frame');
    await user.click(screen.getByRole('button', { name: 'Pay ฿490' }));
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(fetchMock.mock.calls.some((call) => (call[0] as Request).method === 'POST')).toBe(false);
  });
});

describe('dashboard overview', () => {
  it('shows the package, the days left and a payment under review', async () => {
    stubApi({
      'GET /api/user/subscription': () =>
        json(200, {
          success: true,
          payload: {
            is_active: 1,
            package_id: 3,
            package_name: 'Premium',
            starts_at: '2026-11-01T00:00:00.000Z',
            ends_at: '2026-12-01T00:00:00.000Z',
            days_left: 12,
            pending_payment: {
              id: 9,
              package_id: 1,
              package_name: 'Professional',
              amount: 1290,
              method: 'qr',
              created_at: '2026-11-19T00:00:00.000Z',
            },
          },
        }),
    });
    await renderAt({ pathname: '/dashboard' }, SIGNED_IN);
    expect(await screen.findByText('Premium package active')).toBeInTheDocument();
    expect(screen.getByText('Days left: 12')).toBeInTheDocument();
    expect(screen.getByText('A payment of ฿1,290 is under review.')).toBeInTheDocument();
    // The listings' date format, not en-US's 12/1/2026.
    expect(screen.getByText('Valid until Dec 1, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Extend package' })).toHaveAttribute('href', '/select-package');
  });
});

describe('Add Property button', () => {
  const subscription = (is_active: 0 | 1) => () =>
    json(200, {
      success: true,
      payload: {
        is_active,
        package_id: null,
        package_name: null,
        starts_at: null,
        ends_at: null,
        days_left: 0,
        pending_payment: null,
      },
    });

  it('sends a visitor to /login', async () => {
    const user = userEvent.setup();
    stubApi({});
    const { router } = await renderAt({ pathname: '/terms' });
    await user.click(await screen.findByRole('button', { name: 'Add Property' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    { label: 'an active subscription', handler: subscription(1), target: '/add-property' },
    { label: 'no active subscription', handler: subscription(0), target: '/select-package' },
    { label: 'a failed check', handler: () => json(500, { success: false, message: 'x' }), target: '/select-package' },
  ])('with $label goes to $target', async ({ handler, target }) => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/user/subscription': handler,
      'GET /api/packages': () => json(200, { success: true, payload: PACKAGES }),
    });
    const { router } = await renderAt({ pathname: '/terms' }, SIGNED_IN);
    await user.click(await screen.findByRole('button', { name: 'Add Property' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
    // The package choice says why the person is there.
    if (target === '/select-package') expect(await screen.findByText(/You need an active package/)).toBeInTheDocument();
  });
});
