import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyOtp, OtpInput } from './OtpInput';

function Harness({ onValue }: { onValue?: (v: string[]) => void }) {
  const [value, setValue] = useState(emptyOtp());
  return (
    <OtpInput
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      label="Verification code"
      digitLabel={(i, n) => `Digit ${i} of ${n}`}
    />
  );
}

const boxes = () =>
  [1, 2, 3, 4].map((i) => screen.getByRole('textbox', { name: `Digit ${i} of 4` }) as HTMLInputElement);

describe('OtpInput', () => {
  it('takes one digit per box and moves focus forward', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('1');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('x2');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '', '']);
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('34');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '4']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('has the focus on the fourth box right after the third digit, before the fourth is typed', async () => {
    const user = userEvent.setup();
    let last: string[] = [];
    render(<Harness onValue={(v) => (last = v)} />);
    await user.click(boxes()[0] as HTMLInputElement);
    for (const [typed, focused] of [
      ['7', 1],
      ['0', 2],
      ['3', 3],
    ] as const) {
      await user.keyboard(typed);
      expect(boxes()[focused]).toHaveFocus();
    }
    expect(last).toEqual(['7', '0', '3', '']);
    expect(boxes()[3]).toHaveValue('');
    // The fourth digit lands in the fourth box, and the focus stays there.
    await user.keyboard('9');
    expect(last).toEqual(['7', '0', '3', '9']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('on Backspace in a filled box clears it in place; the next Backspace goes back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('1234');
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '3', '']);
    expect(boxes()[3]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '', '']);
    expect(boxes()[2]).toHaveFocus();
    // Typing again continues from there.
    await user.keyboard('8');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '8', '']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('fills forward from the box pasted into when the paste is shorter than the code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[1] as HTMLInputElement);
    await user.paste('56');
    expect(boxes().map((b) => b.value)).toEqual(['', '5', '6', '']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('on Backspace in an empty box, goes back and clears the previous box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('12');
    expect(boxes()[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(boxes().map((b) => b.value)).toEqual(['1', '', '', '']);
    await user.keyboard('{Backspace}');
    expect(boxes()[0]).toHaveFocus();
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '']);
  });

  it('fills every box from a pasted code, ignoring anything that is not a digit', async () => {
    const user = userEvent.setup();
    let last: string[] = [];
    render(<Harness onValue={(v) => (last = v)} />);
    await user.click(boxes()[2] as HTMLInputElement);
    await user.paste(' 4 8-1 5 ');
    expect(boxes().map((b) => b.value)).toEqual(['4', '8', '1', '5']);
    expect(last).toEqual(['4', '8', '1', '5']);
    expect(boxes()[3]).toHaveFocus();
  });

  it('ignores letters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(boxes()[0] as HTMLInputElement);
    await user.keyboard('ab');
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
  });
});
