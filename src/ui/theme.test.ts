import { describe, expect, it } from 'vitest';
import { isThemePreference, nextThemePreference, useTheme } from './theme';

describe('theme', () => {
  it('cycles system → light → dark → system', () => {
    expect(nextThemePreference('system')).toBe('light');
    expect(nextThemePreference('light')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('system');
  });

  it('accepts only the three preferences', () => {
    expect(isThemePreference('dark')).toBe(true);
    expect(isThemePreference('solarized')).toBe(false);
    expect(isThemePreference(undefined)).toBe(false);
  });

  it('tracks whether the page is dark', () => {
    useTheme.getState().setPreference('dark', { remember: false });
    expect(useTheme.getState()).toMatchObject({ preference: 'dark', dark: true });
    useTheme.getState().setPreference('light', { remember: false });
    expect(useTheme.getState()).toMatchObject({ preference: 'light', dark: false });
  });
});
