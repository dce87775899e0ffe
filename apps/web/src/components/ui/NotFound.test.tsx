import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { renderApp } from '../../test/render-app';
import { NotFound } from './NotFound';

const failure = new Error('render failed');
function Broken(): never {
  throw failure;
}

describe('NotFound', () => {
  it('says the page is not there in plain words, offers a search and the way home', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/nope');
    expect(screen.getByText('Error 404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeInTheDocument();
    expect(screen.queryByText(/We're sorry\. the page/)).not.toBeInTheDocument();
    // The layout stays around the screen.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Our Website' })).toBeInTheDocument();
  });

  it('searches the listings: a GET form to /Quick that works without JavaScript, and in place with it', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/th/no-such-page');
    const search = await screen.findByRole('search');
    const form = search as HTMLFormElement;
    // Without JavaScript the browser sends the form itself: a GET to the Thai /Quick with q.
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/th/Quick');
    const box = within(search).getByRole('searchbox', { name: 'ค้นหาประกาศ' });
    expect(box).toHaveAttribute('name', 'q');
    expect(box).toHaveAttribute('maxlength', '200');

    await user.type(box, 'Sukhumvit');
    await user.click(within(search).getByRole('button', { name: 'ค้นหา' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/Quick'));
    expect(router.state.location.search).toBe('?q=Sukhumvit');
  });

  it('is the error screen when a route fails to render: it logs the error and says something went wrong', async () => {
    // Taken before the awaits: a lazy part of the page the test before left (Quick's, home's) may finish loading
    // meanwhile, and React's act() warning about it is no failure of this screen's.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await initI18n();
    // The test before left the app in Thai.
    await changeLanguage('en');
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <NotFound /> }]);
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText("We can't find that page")).not.toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(consoleError).toHaveBeenCalledWith(failure);
  });
});
