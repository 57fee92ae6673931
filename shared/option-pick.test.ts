import { describe, expect, it } from 'vitest';
import { pickByText } from './option-pick';

const id = (s: string) => s;

describe('pickByText', () => {
  const items = ['Team', 'Team Plus', 'Starter', 'Enterprise'];
  it('prefers exact, then case-insensitive, then a unique prefix or substring', () => {
    expect(pickByText(items, 'Team', id)).toBe('Team');
    expect(pickByText(items, 'team', id)).toBe('Team');
    expect(pickByText(items, 'star', id)).toBe('Starter');
    expect(pickByText(items, 'prise', id)).toBe('Enterprise');
    expect(pickByText(items, '  Team\n', id)).toBe('Team');
  });
  it('reports ambiguity and misses instead of guessing', () => {
    expect(pickByText(['Team A', 'Team B'], 'team', id)).toBe('ambiguous');
    expect(pickByText(items, 'Gold', id)).toBeNull();
  });
});
