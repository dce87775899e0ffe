import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { initI18n } from '../../i18n';
import { FilePicker } from './FilePicker';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function Field({ onChange }: { onChange?: () => void }) {
  return (
    <form>
      <label htmlFor="doc">Title deed</label>
      <FilePicker id="doc" name="document" accept="image/png" onChange={onChange} />
      <button type="reset">Reset</button>
    </form>
  );
}

describe('FilePicker', () => {
  it("speaks the page's language, not the browser's: the button and that no file is chosen, in Thai", async () => {
    await i18n.changeLanguage('th');
    render(<Field />);
    expect(screen.getByText('เลือกไฟล์')).toBeInTheDocument();
    expect(screen.getByText('ยังไม่ได้เลือกไฟล์')).toBeInTheDocument();
    expect(screen.queryByText(/Choose file|No file chosen/)).toBeNull();
  });

  it("keeps the input named by the field's label and reachable, the button out of the way of assistive technology", () => {
    render(<Field />);
    const input = screen.getByLabelText('Title deed');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('name', 'document');
    expect(input).not.toHaveAttribute('tabindex');
    // The drawn button is for the pointer: not a second tab stop, not a second name for the input.
    expect(screen.queryByRole('button', { name: 'Choose file' })).toBeNull();
    expect(screen.getByText('Choose file').closest('button')).toHaveAttribute('tabindex', '-1');
  });

  it('shows the chosen file, passes the change on, and forgets the name when the form is reset', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await user.upload(screen.getByLabelText('Title deed'), new File(['x'], 'chanote.png', { type: 'image/png' }));
    expect(screen.getByText('chanote.png')).toBeInTheDocument();
    expect(screen.queryByText('No file chosen')).toBeNull();
    expect(onChange).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  });

  it('opens the picker from the drawn button', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Title deed') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByText('Choose file'));
    expect(click).toHaveBeenCalled();
  });
});
