// icons: the few glyphs the top bar uses, inline so the page needs no icon font.

const common = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export function PlayIcon() {
  return (
    <svg {...common}>
      <path d="M4.5 2.8v10.4a.6.6 0 0 0 .9.5l8.2-5.2a.6.6 0 0 0 0-1L5.4 2.3a.6.6 0 0 0-.9.5Z" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common}>
      <rect x="3.5" y="2.5" width="3.2" height="11" rx="1" fill="currentColor" />
      <rect x="9.3" y="2.5" width="3.2" height="11" rx="1" fill="currentColor" />
    </svg>
  );
}

export function StepIcon() {
  return (
    <svg {...common}>
      <path d="M2.5 3.2v9.6a.6.6 0 0 0 .9.5l7-4.8a.6.6 0 0 0 0-1l-7-4.8a.6.6 0 0 0-.9.5Z" fill="currentColor" />
      <rect x="11.2" y="2.5" width="2.3" height="11" rx="1" fill="currentColor" />
    </svg>
  );
}

/** A circular arrow: start over. */
export function ResetIcon() {
  return (
    <svg {...common}>
      <path
        d="M3.2 8a4.8 4.8 0 1 0 1.6-3.6M3.2 2.8v2.6h2.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Kubeplay's mark: a heptagon (Kubernetes' wheel has seven spokes) around a play triangle. */
export function Logo() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo">
      <path
        d="M16 1.8 27.1 7.1l2.7 12-7.7 9.7H9.9l-7.7-9.7 2.7-12Z"
        fill="var(--accent)"
        stroke="var(--accent-strong)"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
      <path d="M13 10.6v10.8a.8.8 0 0 0 1.2.7l8.6-5.4a.8.8 0 0 0 0-1.4l-8.6-5.4a.8.8 0 0 0-1.2.7Z" fill="#fff" />
    </svg>
  );
}

/** Half-filled circle: the theme switch (system / light / dark). */
export function ThemeIcon({ preference }: { preference: 'system' | 'light' | 'dark' }) {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
      <circle cx="7" cy="7" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      {preference === 'dark' && <circle cx="7" cy="7" r="5.5" fill="currentColor" />}
      {preference === 'system' && <path d="M7 1.5a5.5 5.5 0 0 1 0 11z" fill="currentColor" />}
    </svg>
  );
}
