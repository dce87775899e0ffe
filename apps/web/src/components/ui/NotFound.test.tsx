import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { renderApp } from '../../test/render-app';
import { NotFound } from './NotFound';

const failure = new Error('render failed');
function Broken(): never {
  throw failure;
}

describe('NotFound', () => {
  it('shows the spec texts for an unknown route, and Go Home navigates to /', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/nope');
    expect(screen.getByText('Oops...!')).toBeInTheDocument();
    expect(screen.getByText('Error 404:')).toBeInTheDocument();
    expect(screen.getByText('Page Not found')).toBeInTheDocument();
    expect(
      screen.getByText("We're sorry. the page you requested could not be found at the moment"),
    ).toBeInTheDocument();
    // The layout stays around the screen.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Our Website' })).toBeInTheDocument();
  });

  it('is the error screen when a route fails to render, and logs the error', async () => {
    await initI18n();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <NotFound /> }]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByText('Page Not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(failure);
  });
});
