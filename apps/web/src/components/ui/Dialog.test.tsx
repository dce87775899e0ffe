import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from './Dialog';
import { ExternalLink, X } from './icons';

describe('Dialog', () => {
  it('keeps Tab inside when its last control holds an icon (whose <use href> is not a link)', async () => {
    const user = userEvent.setup();
    render(
      <Dialog titleId="t" onClose={() => undefined} className="">
        <h2 id="t">Photos</h2>
        <button type="button">
          <X aria-hidden="true" /> Close
        </button>
        <a href="/elsewhere">
          Open <ExternalLink />
        </a>
      </Dialog>,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    const link = screen.getByRole('link', { name: 'Open' });
    close.focus();
    await user.tab();
    expect(link).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(link).toHaveFocus();
  });
});
