import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { Pager } from './Pager';
import { pageFromInput, pageItems } from './page-items';

beforeAll(async () => {
  await initI18n();
});

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first and the last page, with gaps, around the current one and its neighbours', () => {
    expect(pageItems(1, 32)).toEqual([1, 2, 'gap', 32]);
    expect(pageItems(10, 32)).toEqual([1, 'gap', 9, 10, 11, 'gap', 32]);
    expect(pageItems(32, 32)).toEqual([1, 'gap', 31, 32]);
  });

  it('never hides a single page behind a gap', () => {
    // 1 … 3 would hide only page 2: it is shown instead.
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('shows no pages for none, and the last page for a page past it', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(40, 20)).toEqual([1, 'gap', 19, 20]);
  });
});

describe('pageFromInput', () => {
  it('reads a typed page number, the last page for one past the end, and nothing for anything else', () => {
    expect(pageFromInput(' 7 ', 20)).toBe(7);
    expect(pageFromInput('20', 20)).toBe(20);
    expect(pageFromInput('21', 20)).toBe(20);
    expect(pageFromInput('0', 20)).toBe(1);
    for (const text of ['', 'abc', '-3', '2.5', '1e3', '9'.repeat(10)])
      expect(pageFromInput(text, 20), text).toBeUndefined();
  });
});

describe('Pager (buttons)', () => {
  const labels = {
    nav: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  };

  it('offers the first and last page and a way to go to any page', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    render(<Pager page={10} perPage={20} total={640} onPage={onPage} labels={labels} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent || b.getAttribute('aria-label')),
    ).toEqual(['Previous', '1', '9', '10', '11', '32', 'Next']);
    expect(within(nav).getByRole('button', { name: 'Page 10 of 32' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('button', { name: 'Page 32 of 32' }));
    expect(onPage).toHaveBeenLastCalledWith(32);

    const jump = screen.getByRole('form', { name: 'Go to a page' });
    await user.type(within(jump).getByRole('textbox', { name: 'Go to page' }), '25');
    await user.click(within(jump).getByRole('button', { name: 'Go' }));
    expect(onPage).toHaveBeenLastCalledWith(25);
    // Past the end is the last page; text is nothing.
    await user.clear(within(jump).getByRole('textbox', { name: 'Go to page' }));
    await user.type(within(jump).getByRole('textbox', { name: 'Go to page' }), '99{Enter}');
    expect(onPage).toHaveBeenLastCalledWith(32);
    onPage.mockClear();
    await user.clear(within(jump).getByRole('textbox', { name: 'Go to page' }));
    await user.type(within(jump).getByRole('textbox', { name: 'Go to page' }), 'ten{Enter}');
    expect(onPage).not.toHaveBeenCalled();
  });

  it('needs no form when every page is shown, and nothing for a single page', () => {
    const { rerender } = render(<Pager page={1} perPage={20} total={60} onPage={() => {}} labels={labels} />);
    expect(screen.getAllByRole('button', { name: /^Page \d of 3$/ })).toHaveLength(3);
    expect(screen.queryByRole('form', { name: 'Go to a page' })).toBeNull();
    rerender(<Pager page={1} perPage={20} total={20} onPage={() => {}} labels={labels} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
