import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Combobox } from './Combobox';
import { Search } from './icons';

interface Fruit {
  id: string;
  name: string;
}

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple' },
  { id: 'p', name: 'Apricot' },
  { id: 'v', name: 'Avocado' },
];

const TEXTS = {
  list: 'Fruits',
  loading: 'Looking…',
  error: 'Could not look',
  noResults: 'No fruit',
  found: (count: number) => `${count} fruits`,
};

type SearchFn = (query: string, signal: AbortSignal) => Promise<Fruit[]>;

function Harness({
  search,
  onSelect,
  minLength,
  clearLabel,
  error,
  hint,
  searchKey,
  hideLabel,
  showsLoadingText,
}: {
  showsLoadingText?: boolean;
  searchKey?: string;
  hideLabel?: boolean;
  search: SearchFn;
  onSelect?: (fruit: Fruit) => void;
  minLength?: number;
  clearLabel?: string;
  error?: string;
  hint?: string;
}) {
  const [text, setText] = useState('');
  return (
    <form aria-label="Order" onSubmit={(event) => event.preventDefault()}>
      <Combobox<Fruit>
        label="Fruit"
        hideLabel={hideLabel}
        showsLoadingText={showsLoadingText}
        value={text}
        onValueChange={setText}
        search={search}
        searchKey={searchKey}
        minLength={minLength}
        debounceMs={300}
        onSelect={(fruit) => {
          setText(fruit.name);
          onSelect?.(fruit);
        }}
        optionKey={(fruit) => fruit.id}
        renderOption={(fruit) => fruit.name}
        texts={TEXTS}
        icon={Search}
        clearLabel={clearLabel}
        error={error}
        hint={hint}
      />
    </form>
  );
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setup(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const search = vi.fn<SearchFn>(async (query) =>
    FRUITS.filter((f) => f.name.toLowerCase().startsWith(query.toLowerCase())),
  );
  const onSelect = vi.fn();
  const user = userEvent.setup({ delay: null });
  const { rerender } = render(<Harness search={search} onSelect={onSelect} {...props} />);
  const input = screen.getByRole('combobox', { name: 'Fruit' });
  return { user, input, search, onSelect, rerender };
}

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library's async wrapper only moves a fake clock when it sees Jest (as in LocationAutocomplete.test.tsx).
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Combobox', () => {
  it('asks once, after typing has stopped for the debounce, with the trimmed text', async () => {
    const { user, input, search } = setup();
    await user.type(input, ' Ap');
    await wait(299);
    expect(search).not.toHaveBeenCalled();
    await user.type(input, 'r ');
    await wait(299);
    expect(search).not.toHaveBeenCalled();
    await wait(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('Apr');
    expect(screen.getByRole('option', { name: 'Apricot' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 fruits');
  });

  it('aborts a question still under way when the text changes', async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn<SearchFn>(
      (_query, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          setTimeout(() => resolve(FRUITS), 1000);
        }),
    );
    const { user, input } = setup({ search });
    await user.type(input, 'A');
    await wait(300);
    expect(signals).toHaveLength(1);
    await user.type(input, 'p');
    expect(signals[0]?.aborted).toBe(true);
    await wait(1300);
    expect(signals).toHaveLength(2);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('asks again when what the search depends on (searchKey: the language) changes, not on other renders', async () => {
    const { user, input, search, rerender, onSelect } = setup({ searchKey: 'en' });
    await user.type(input, 'Ap');
    await wait(300);
    expect(search).toHaveBeenCalledTimes(1);
    rerender(<Harness search={search} onSelect={onSelect} searchKey="en" />);
    await wait(300);
    expect(search).toHaveBeenCalledTimes(1);
    rerender(<Harness search={search} onSelect={onSelect} searchKey="th" />);
    await wait(300);
    expect(search).toHaveBeenCalledTimes(2);
    expect(search).toHaveBeenLastCalledWith('Ap', expect.any(AbortSignal));
  });

  it('does not ask below the shortest text, and says nothing then', async () => {
    const { user, input, search } = setup({ minLength: 3 });
    await user.type(input, 'Ap');
    await wait(1000);
    expect(search).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'r');
    await wait(300);
    expect(search).toHaveBeenCalledWith('Apr', expect.any(AbortSignal));
  });

  it('moves through the options with the arrows (wrapping), chooses with Enter without submitting, closes with Escape', async () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const { user, input, onSelect } = setup();
    screen.getByRole('form', { name: 'Order' }).addEventListener('submit', submitted);
    await user.type(input, 'A');
    await wait(300);
    const listbox = screen.getByRole('listbox', { name: 'Fruits' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).not.toHaveAttribute('aria-activedescendant');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Apple', 'Apricot', 'Avocado']);

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(listbox).not.toBeVisible();
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(FRUITS[1]);
    expect(submitted).not.toHaveBeenCalled();
    expect(input).toHaveValue('Apricot');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('lets Enter submit the form when no option is highlighted', async () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const { user, input, onSelect } = setup();
    screen.getByRole('form', { name: 'Order' }).addEventListener('submit', submitted);
    await user.type(input, 'A');
    await wait(300);
    await user.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('chooses with a press (before the blur closes the list)', async () => {
    const { user, input, onSelect } = setup();
    await user.type(input, 'Av');
    await wait(300);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Avocado' }));
    expect(onSelect).toHaveBeenCalledWith(FRUITS[2]);
    expect(input).toHaveValue('Avocado');
  });

  it('says when nothing matched, and shows no list', async () => {
    const { user, input } = setup();
    await user.type(input, 'Zz');
    await wait(300);
    expect(screen.getByRole('status')).toHaveTextContent('No fruit');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when asking failed, and shows no list', async () => {
    const { user, input } = setup({ search: async () => Promise.reject(new Error('offline')) });
    await user.type(input, 'Ap');
    await wait(300);
    expect(screen.getByRole('status')).toHaveTextContent('Could not look');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('describes the box with its hint and error, and marks it invalid', () => {
    setup({ hint: 'Type a fruit', error: 'Choose a fruit' });
    const input = screen.getByRole('combobox', { name: 'Fruit' });
    expect(input).toHaveAccessibleDescription('Type a fruit Choose a fruit');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
  });

  it('has no description and no clear button without a hint, an error or a clear label', async () => {
    const { user, input } = setup();
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, 'A');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('empties the box with the clear button, and asks nothing for the text it had', async () => {
    const { user, input, search } = setup({ clearLabel: 'Clear fruit' });
    expect(screen.queryByRole('button', { name: 'Clear fruit' })).toBeNull();
    await user.type(input, 'Ap');
    await user.click(screen.getByRole('button', { name: 'Clear fruit' }));
    await wait(1000);
    expect(input).toHaveValue('');
    expect(search).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Clear fruit' })).toBeNull();
  });

  it('keeps the label for screen readers only with hideLabel, and visible without', () => {
    const { rerender, search } = setup({ hideLabel: true });
    expect(screen.getByRole('combobox', { name: 'Fruit' })).toBeInTheDocument();
    expect(screen.getByText('Fruit', { selector: 'label' })).toHaveClass('sr-only');
    rerender(<Harness search={search} />);
    expect(screen.getByText('Fruit', { selector: 'label' })).not.toHaveClass('sr-only');
  });

  it('says "loading" to screen readers only when told not to write it, and still writes when nothing matched', async () => {
    let answer: (fruits: Fruit[]) => void = () => {};
    const search = vi.fn<SearchFn>(() => new Promise((resolve) => (answer = resolve)));
    const { user, input } = setup({ search, showsLoadingText: false });
    await user.type(input, 'Zz');
    await wait(300);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Looking…');
    expect(status).toHaveClass('sr-only');
    await act(async () => answer([]));
    expect(status).toHaveTextContent('No fruit');
    expect(status).not.toHaveClass('sr-only');
  });
});
