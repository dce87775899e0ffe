import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { FakeXhr, imageFile, installObjectUrls, JPEG_BYTES, PNG_BYTES } from './fake-xhr';
import { completeStepOne, next, renderWizard, SESSION, stubApi } from './wizard-helpers';

type User = ReturnType<typeof userEvent.setup>;

// Journeys through the wizard, twice over for the reloads; the shared 2-core machine needs more than the default.
vi.setConfig({ testTimeout: 60_000 });

const DRAFT_KEY = `baan:add-property-draft:${SESSION.login.user?.id}`;

beforeEach(async () => {
  FakeXhr.install();
  installObjectUrls();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

async function fill(user: User, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

/** Steps 1 and 2 with a cover and one other photo, then a title and a price on step 3. */
async function startListing(user: User) {
  await completeStepOne(user);
  await user.click(next());
  await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
  await user.upload(screen.getByLabelText('Choose photos'), imageFile(PNG_BYTES, 'garden.png'));
  await screen.findByRole('img', { name: 'garden.png' });
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Add Information' });
  await fill(user, 'Property Title *', 'Sunny condo near Asok');
  await fill(user, 'Price (฿) *', '4500000');
}

async function fillTheRest(user: User) {
  await fill(user, 'Description *', 'Two bedrooms, high floor, pool.');
  for (const [label, value] of [
    ['Area (m²) *', '72'],
    ['Level *', '18'],
    ['Bedrooms *', '2'],
    ['Bathrooms *', '2'],
    ['Kitchen *', '1'],
    ['Floors *', '1'],
  ] as const) {
    await fill(user, label, value);
  }
}

function toastTexts(): string[] {
  return screen.queryAllByRole('alert').map((alert) => alert.textContent ?? '');
}

describe('add-property: the package is checked on entry', () => {
  it('sends someone without an active package to the package choice at once, saying why', async () => {
    stubApi({ isActive: false });
    const { router } = await renderApp('/add-property', SESSION);
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-package'), { timeout: 15_000 });
    expect(
      await screen.findByText(
        'You need an active package to add a property. Choose one below: anything you already entered in the form is kept.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add your property' })).not.toBeInTheDocument();
  });

  it('sends them there too when the check fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false,"message":"down"}', { status: 503 })),
    );
    const { router } = await renderApp('/add-property', SESSION);
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-package'), { timeout: 15_000 });
  });

  it('lets someone with an active package in, whatever the stored session said', async () => {
    stubApi({ isActive: true });
    await renderApp('/add-property', { login: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add your property' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});

describe('add-property: the draft', () => {
  it('is restored after a reload: fields, step, and which photos to choose again', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await renderWizard();
    // Nothing entered yet: no draft.
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your draft is back' })).not.toBeInTheDocument();
    await startListing(user);
    first.unmount();

    await renderWizard();
    const notice = screen.getByRole('region', { name: 'Your draft is back' });
    expect(notice).toHaveTextContent('Photos cannot be kept in a draft. Choose these again: front.jpg, garden.png.');
    expect(screen.getByRole('heading', { level: 2, name: 'Add Information' })).toBeInTheDocument();
    expect(screen.getByLabelText('Property Title *')).toHaveValue('Sunny condo near Asok');
    expect(screen.getByLabelText('Price (฿) *')).toHaveValue('4500000');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Choose again (not kept in the draft): front.jpg')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose cover photo'), imageFile(JPEG_BYTES, 'front.jpg'));
    await screen.findByRole('img', { name: 'front.jpg' });
    expect(screen.queryByText('Choose again (not kept in the draft): front.jpg')).not.toBeInTheDocument();
    expect(screen.getByText('Choose again (not kept in the draft): garden.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('radio', { name: 'Owner' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Condo' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Sukhumvit, Khlong Toei, Bangkok');
  });

  it('is restored after going to another page and coming back', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWizard();
    await startListing(user);
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/add-property'));
    expect(await screen.findByLabelText('Property Title *', {}, { timeout: 15_000 })).toHaveValue(
      'Sunny condo near Asok',
    );
    expect(screen.getByRole('region', { name: 'Your draft is back' })).toBeInTheDocument();
  });

  it('belongs to the user who wrote it', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await renderWizard();
    await startListing(user);
    first.unmount();
    stubApi();
    await renderApp('/add-property', { login: signedIn({ id: 2, email: 'other@example.com' }) });
    await screen.findByRole('heading', { level: 1, name: 'Add your property' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Your draft is back' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Owner' })).not.toBeChecked();
  });

  it('is cleared after a successful submit', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = await renderWizard();
    await startListing(user);
    await fillTheRest(user);
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() =>
      FakeXhr.last().respond(201, { success: true, message: 'Property listed successfully!', payload: { id: 9 } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();

    await act(() => router.navigate('/add-property'));
    await screen.findByRole('heading', { level: 2, name: 'Define your place' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Your draft is back' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Owner' })).not.toBeChecked();
  });

  it('keeps everything when a submit fails (no answer, a 500, a 400), on screen and after a reload', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await renderWizard();
    await startListing(user);
    await fillTheRest(user);
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));

    await submit();
    act(() => FakeXhr.last().fail());
    await waitFor(() => expect(toastTexts()).toContain('Submission failed. Please check all fields and try again.'));
    await submit();
    act(() => FakeXhr.last().respond(500, {}));
    await waitFor(() => expect(toastTexts()).toContain('Error listing property'));
    await submit();
    act(() =>
      FakeXhr.last().respond(400, {
        success: false,
        message: 'Please correct the highlighted fields.',
        errors: { bed_rooms: ['bed rooms must be at most 100'] },
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Bedrooms *')).toHaveAttribute('aria-invalid', 'true'));

    expect(screen.getByLabelText('Property Title *')).toHaveValue('Sunny condo near Asok');
    expect(screen.getByLabelText('Description *')).toHaveValue('Two bedrooms, high floor, pool.');
    expect(screen.getByLabelText('Floors *')).toHaveValue('1');
    first.unmount();

    await renderWizard();
    expect(screen.getByLabelText('Property Title *')).toHaveValue('Sunny condo near Asok');
    expect(screen.getByLabelText('Description *')).toHaveValue('Two bedrooms, high floor, pool.');
    expect(screen.getByLabelText('Level *')).toHaveValue('18');
  });

  it('can be discarded, after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const first = await renderWizard();
    await startListing(user);
    first.unmount();

    await renderWizard();
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByRole('status')).toHaveTextContent('Discard everything you entered?');
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.getByLabelText('Property Title *')).toHaveValue('Sunny condo near Asok');

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(screen.getByRole('button', { name: 'Yes, discard' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Define your place' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Your draft is back' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Owner' })).not.toBeChecked();
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
