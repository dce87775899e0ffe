import { MAX_COMPARE } from '@baan/contract';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  COMPARE_STORAGE_KEY,
  clearCompare,
  compareList,
  comparePath,
  removeFromCompare,
  toggleCompare,
  useCompareIds,
  useCompareRefused,
} from './compare';

const stored = () => JSON.parse(localStorage.getItem(COMPARE_STORAGE_KEY) ?? 'null');

describe('compare selection (browser storage)', () => {
  beforeEach(clearCompare);

  it('adds up to MAX_COMPARE (4) listings in the order picked, and refuses a fifth', () => {
    expect(MAX_COMPARE).toBe(4);
    for (const id of [11, 12, 13, 14]) expect(toggleCompare(id)).toBe('added');
    expect(toggleCompare(15)).toBe('full');
    expect(compareList.read()).toEqual([11, 12, 13, 14]);
    expect(stored()).toEqual([11, 12, 13, 14]);
    expect(comparePath(compareList.read())).toBe('/compare?ids=11,12,13,14');
  });

  it('toggles a picked listing off, after which another fits', () => {
    for (const id of [1, 2, 3, 4]) toggleCompare(id);
    expect(toggleCompare(2)).toBe('removed');
    expect(toggleCompare(5)).toBe('added');
    expect(compareList.read()).toEqual([1, 3, 4, 5]);
    removeFromCompare(1);
    expect(stored()).toEqual([3, 4, 5]);
    clearCompare();
    expect(compareList.read()).toEqual([]);
    expect(comparePath([])).toBe('/compare');
  });

  it('survives a reload (reads what is stored) and ignores what is not a listing id', () => {
    localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify([7, 'x', -1, 8, 1.5, 9, 10, 11]));
    expect(compareList.read()).toEqual([7, 8, 9, 10]);
    localStorage.setItem(COMPARE_STORAGE_KEY, '{not json');
    expect(compareList.read()).toEqual([]);
  });

  it('tells components: the ids, and which listing was refused until the selection changes', () => {
    const { result } = renderHook(() => ({ ids: useCompareIds(), refused: useCompareRefused() }));
    expect(result.current).toEqual({ ids: [], refused: null });
    act(() => {
      for (const id of [1, 2, 3, 4, 5]) toggleCompare(id);
    });
    expect(result.current).toEqual({ ids: [1, 2, 3, 4], refused: 5 });
    act(() => {
      toggleCompare(4);
    });
    expect(result.current).toEqual({ ids: [1, 2, 3], refused: null });
  });
});
