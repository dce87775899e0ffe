import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Hero, splitDescription } from './Hero';

describe('Hero', () => {
  it('splits the description on | into trimmed, non-empty items', () => {
    expect(splitDescription(' One | Two||Three ')).toEqual(['One', 'Two', 'Three']);
    expect(splitDescription(undefined)).toEqual([]);
  });

  it('renders the title as the page heading and each description item separately', () => {
    render(
      <MemoryRouter>
        <Hero title="Find a home" description="Condos|Houses" />
      </MemoryRouter>,
    );
    const banner = screen.getByRole('region', { name: 'Find a home' });
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveTextContent('Find a home');
    expect(
      within(banner)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Condos', 'Houses']);
  });

  it('renders no list without a description', () => {
    render(
      <MemoryRouter>
        <Hero title="Only a title" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
