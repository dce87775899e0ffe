import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LiveFieldset } from './LiveFieldset';

const form = (
  <form>
    <LiveFieldset>
      <label>
        Name <input name="name" />
      </label>
      <button type="submit">Send</button>
    </LiveFieldset>
  </form>
);

describe('a form that needs JavaScript', () => {
  it('arrives from the server disabled, so nothing can be typed or sent before the page is live', () => {
    const html = renderToString(form);
    expect(html).toMatch(/<fieldset disabled=""/);
  });

  it('is usable once rendered in the browser', () => {
    render(form);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});
