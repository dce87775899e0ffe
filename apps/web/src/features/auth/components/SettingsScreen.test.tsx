import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../../i18n';
import { jsonResponse } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { makeUser, signedIn } from '../../../test/users';

// Whole screens through the real router; the shared 2-core machine needs more than the 5 s default.
vi.setConfig({ testTimeout: 20_000 });

const MB = 1024 * 1024;
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/** A JPEG the size of `bytes` as far as the page can tell, without holding that much memory. */
function photo(name: string, bytes: number, head: Uint8Array<ArrayBuffer> = JPEG_HEAD) {
  const file = new File([head], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Stubs the API (the real server is covered by apps/api/test/uploads.test.ts): the profile upload
 * answers `status`, with the user on success. Returns the upload requests made. The shared
 * stubFetch reads every POST body as JSON, which a multipart form is not.
 */
function stubUpload(status = 200) {
  const uploads: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (new URL(request.url).pathname !== '/api/update/profile') return jsonResponse(404, { success: false });
      uploads.push(request);
      return status === 200
        ? jsonResponse(200, { success: true, payload: makeUser() })
        : jsonResponse(status, { success: false, message: 'English text from the server' });
    }),
  );
  return uploads;
}

async function openSettings(label = 'Upload a new image', status = 200, path = '/dashboard/settings') {
  const requests = stubUpload(status);
  await renderApp(path, { login: signedIn() });
  return { input: await screen.findByLabelText(label), requests };
}

describe('settings: profile photo', () => {
  it('says a photo over 50 MB is too large, with its size and the limit, and sends nothing', async () => {
    const user = userEvent.setup();
    const { input, requests } = await openSettings();
    await user.upload(input, photo('holiday.jpg', 52.4 * MB));
    expect(
      await screen.findByText('This photo is 52.4 MB: too large. A profile photo can be at most 50 MB.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Please choose a JPEG, PNG or GIF image.')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('says it in the chosen language (Thai)', async () => {
    const user = userEvent.setup();
    // The page's language is its URL's: the Thai settings page.
    const { input, requests } = await openSettings('อัปโหลดรูปใหม่', 200, '/th/dashboard/settings');
    await user.upload(input, photo('holiday.jpg', 60 * MB));
    expect(await screen.findByText('รูปภาพนี้มีขนาด 60 MB ซึ่งใหญ่เกินไป รูปโปรไฟล์ต้องมีขนาดไม่เกิน 50 MB')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('still sends a photo of exactly 50 MB, and refuses a non-image by its bytes', async () => {
    const user = userEvent.setup();
    const { input, requests } = await openSettings();
    await user.upload(input, photo('text.jpg', 1000, new TextEncoder().encode('plain text, not a photo')));
    expect(await screen.findByText('Please choose a JPEG, PNG or GIF image.')).toBeInTheDocument();
    await user.upload(input, photo('exact.jpg', 50 * MB));
    expect(await screen.findByText('Profile image updated.')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect((await requests[0]?.formData())?.get('profile_image')).toBeTruthy();
  });

  it.each([
    [422, 'This photo has too many pixels: a profile photo can have at most 50 megapixels. Resize it and try again.'],
    [507, 'The server has no room for new photos right now. Nothing was changed; please try again later.'],
  ])('explains the server refusing it with %i in the reader’s language', async (status, text) => {
    const user = userEvent.setup();
    const { input } = await openSettings('Upload a new image', status);
    await user.upload(input, photo('me.jpg', 12));
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());
    expect(screen.queryByText('English text from the server')).toBeNull();
  });
});

describe('settings: contact on listings', () => {
  /** POST /api/update/profile as JSON: answers with the user the body makes, and keeps every body. */
  function stubProfile(answer?: (body: Record<string, string>) => Response) {
    const bodies: Record<string, string>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        if (new URL(request.url).pathname !== '/api/update/profile') return jsonResponse(404, { success: false });
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        return (
          answer?.(body) ??
          jsonResponse(200, {
            success: true,
            payload: makeUser({
              name: body.name,
              phone_number: body.phone_number || null,
              line_id: body.line_id || null,
            }),
          })
        );
      }),
    );
    return bodies;
  }

  it('saves the mobile number and LINE ID the listings show, pre-filled next time', async () => {
    const bodies = stubProfile();
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn({ phone_number: '081 234 5678' }) });
    const phone = await screen.findByLabelText('Mobile number');
    expect(phone).toHaveValue('081 234 5678');
    expect(screen.getByRole('group', { name: 'Contact on your listings' })).toBeVisible();
    await user.type(screen.getByLabelText('LINE ID'), ' SiamPrime ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // Trimmed and lower-cased by the contract's schema, as the server stores it.
    expect(bodies[0]).toEqual({ name: 'Somchai Jaidee', phone_number: '081 234 5678', line_id: 'siamprime' });
    expect(await screen.findByLabelText('LINE ID')).toHaveValue('siamprime');
  });

  it('refuses a bad LINE ID and phone number in the person’s language, and sends nothing', async () => {
    const bodies = stubProfile();
    const user = userEvent.setup();
    await changeLanguage('th');
    await renderApp('/th/dashboard/settings', { login: signedIn() });
    await user.type(await screen.findByLabelText('LINE ID'), 'ab');
    await user.type(screen.getByLabelText('เบอร์โทรศัพท์มือถือ'), 'call me');
    await user.click(screen.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }));
    expect(await screen.findByText(/^LINE ID ต้องมี 4 ถึง 20 ตัว/)).toBeVisible();
    expect(screen.getByLabelText('LINE ID')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('เบอร์โทรศัพท์มือถือ')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('โปรดกรอกเบอร์โทรศัพท์ เช่น 081 234 5678 หรือ +66 81 234 5678').length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(0);
  });

  it('shows the server’s field message when it refuses one', async () => {
    stubProfile(() =>
      jsonResponse(400, {
        success: false,
        message: 'Please enter a phone number such as 081 234 5678 or +66 81 234 5678.',
        errors: { phone_number: ['Please enter a phone number such as 081 234 5678 or +66 81 234 5678.'] },
      }),
    );
    const user = userEvent.setup();
    await renderApp('/dashboard/settings', { login: signedIn() });
    await user.type(await screen.findByLabelText('Mobile number'), '+66 81 234 5678');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getAllByText('Please enter a phone number such as 081 234 5678 or +66 81 234 5678.').length,
    ).toBeGreaterThan(0);
  });
});
