// theme: which colour scheme the page uses — the system's, or one the user picked (the top bar's
// switch, or an embed's `theme=`). The choice lives on <html data-theme>, which the design tokens
// in styles.css read through color-scheme; it is remembered across visits.

import { create } from 'zustand';

export type ThemePreference = 'system' | 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'kubeplay.theme';

export function isThemePreference(value: unknown): value is ThemePreference {
  return THEME_PREFERENCES.includes(value as ThemePreference);
}

/** The next preference of the switch: system → light → dark → system. */
export function nextThemePreference(preference: ThemePreference): ThemePreference {
  return THEME_PREFERENCES[(THEME_PREFERENCES.indexOf(preference) + 1) % THEME_PREFERENCES.length];
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

function storedPreference(): ThemePreference {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isThemePreference(value) ? value : 'system';
  } catch {
    return 'system'; // storage can be blocked (sandboxed iframes, privacy modes)
  }
}

function applyToDocument(preference: ThemePreference): void {
  if (typeof document === 'undefined') return;
  if (preference === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = preference;
}

interface ThemeState {
  preference: ThemePreference;
  /** Whether the page is dark now (the preference, or the system's when it is `system`). */
  dark: boolean;
  /** Picks a theme; `remember: false` (an embed's URL) applies it without storing it. */
  setPreference(preference: ThemePreference, options?: { remember?: boolean }): void;
}

export const useTheme = create<ThemeState>((set) => {
  const initial = storedPreference();
  applyToDocument(initial);
  if (typeof matchMedia === 'function') {
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () =>
      set((s) => ({ dark: s.preference === 'system' ? systemPrefersDark() : s.dark })),
    );
  }
  return {
    preference: initial,
    dark: initial === 'system' ? systemPrefersDark() : initial === 'dark',
    setPreference(preference, { remember = true } = {}) {
      applyToDocument(preference);
      if (remember) {
        try {
          globalThis.localStorage?.setItem(STORAGE_KEY, preference);
        } catch {
          // not remembered; still applied
        }
      }
      set({ preference, dark: preference === 'system' ? systemPrefersDark() : preference === 'dark' });
    },
  };
});
