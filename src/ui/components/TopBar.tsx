// TopBar: brand, clock controls (Play/Pause, Step, Speed), Share (a link that replays the
// session), Reset cluster (after an in-page confirmation, it runs `kubeplay cluster reset` like
// any button) and the simulated clock. In embed mode it keeps the clock controls and the clock,
// Share and Reset only when the URL lists them, and the brand becomes a link that opens the
// session in the full playground.

import { useId, useRef, useState } from 'react';
import { SPEEDS, formatSpeed, isSpeed } from '../../protocol/messages';
import { useBridge } from '../bridge-context';
import { RESET_LINE } from '../embed/messaging';
import type { PageConfig } from '../embed/params';
import { ShareButton, useShareLinks } from '../embed/ShareButton';
import { useSelection } from '../state/selection';
import { useKubeplay } from '../state/store';
import { ClockReadout } from './ClockReadout';
import { nextThemePreference, useTheme } from '../theme';
import { Logo, PauseIcon, PlayIcon, ResetIcon, StepIcon, ThemeIcon } from './icons';

function PlayPauseButton() {
  const bridge = useBridge();
  const playing = useKubeplay((s) => s.clock.playing);
  return playing ? (
    <button type="button" className="btn btn-primary" onClick={() => bridge.pause()} title="Pause the simulated clock">
      <PauseIcon />
      <span className="btn-label">Pause</span>
    </button>
  ) : (
    <button type="button" className="btn btn-primary" onClick={() => bridge.play()} title="Let simulated time run">
      <PlayIcon />
      <span className="btn-label">Play</span>
    </button>
  );
}

function StepButton() {
  const bridge = useBridge();
  return (
    <button type="button" className="btn" onClick={() => bridge.step()} title="Pause and jump to the next scheduled event">
      <StepIcon />
      <span className="btn-label">Step</span>
    </button>
  );
}

function SpeedSelect() {
  const bridge = useBridge();
  const speed = useKubeplay((s) => s.clock.speed);
  return (
    <div className="speed">
      <label htmlFor="kubeplay-speed">Speed</label>
      <select
        id="kubeplay-speed"
        value={String(speed)}
        onChange={(e) => {
          const value = e.target.value === 'max' ? 'max' : Number(e.target.value);
          if (isSpeed(value)) bridge.setSpeed(value);
        }}
      >
        {SPEEDS.map((s) => (
          <option key={String(s)} value={String(s)}>
            {formatSpeed(s)}
          </option>
        ))}
      </select>
    </div>
  );
}

function ResetClusterButton() {
  const bridge = useBridge();
  const showTab = useSelection((s) => s.showTab);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const close = () => dialog.current?.close();
  // With the kube-system add-ons a kubeadm cluster runs (kube-proxy DaemonSet, coredns).
  const [addons, setAddons] = useState(false);
  const line = addons ? `${RESET_LINE} --addons` : RESET_LINE;
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        title={`Start over with the default cluster\n$ ${RESET_LINE}`}
      >
        <ResetIcon />
        <span className="btn-label">Reset cluster</span>
      </button>
      {/* A modal <dialog>: focus moves into it and Escape closes it, returning focus to the button. */}
      <dialog
        ref={dialog}
        className="confirm-dialog"
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            close();
            bridge.resetCluster(line);
            showTab('console');
          }}
        >
          <h2 id={`${id}-title`}>Reset the cluster?</h2>
          <p id={`${id}-text`}>
            Every object you created is deleted and the default nodes start again, with the clock back at zero.
          </p>
          <label className="confirm-option">
            <input type="checkbox" checked={addons} onChange={(e) => setAddons(e.target.checked)} /> With the system add-ons
            (kube-proxy on every node, coredns)
          </label>
          <p className="confirm-line">
            <code>$ {line}</code>
          </p>
          <div className="confirm-actions">
            <button type="button" className="btn" onClick={close} autoFocus>
              Cancel
            </button>
            <button type="submit" className="btn btn-danger">
              Reset
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

const THEME_NAMES = { system: 'system', light: 'light', dark: 'dark' } as const;

/** Cycles the page theme: the system's → light → dark (remembered; projectors like light). */
function ThemeButton() {
  const preference = useTheme((s) => s.preference);
  const setPreference = useTheme((s) => s.setPreference);
  const next = nextThemePreference(preference);
  return (
    <button
      type="button"
      className="btn btn-icon"
      aria-label={`Theme: ${THEME_NAMES[preference]}`}
      title={`Theme: ${THEME_NAMES[preference]} — click for ${THEME_NAMES[next]}`}
      onClick={() => setPreference(next)}
    >
      <ThemeIcon preference={preference} />
    </button>
  );
}

function ConnectionBadge() {
  const connection = useKubeplay((s) => s.connection);
  const error = useKubeplay((s) => s.connectionError);
  if (connection === 'ready') return null;
  return (
    <span className={`badge badge-${connection}`} role="status" title={error ?? undefined}>
      {connection === 'connecting' ? 'Starting…' : 'Simulation stopped'}
    </span>
  );
}

/** Embed mode's brand: opens this session in the full playground, in a new tab. */
function OpenInKubeplay({ theme }: { theme?: string }) {
  const build = useShareLinks(theme);
  const point = (e: { currentTarget: HTMLAnchorElement }) => {
    e.currentTarget.href = build().url;
  };
  return (
    <a
      className="embed-brand"
      href={location.pathname}
      target="_blank"
      rel="noopener"
      onPointerDown={point}
      onFocus={point}
      onClick={point}
      title="Open this session in the full Kubeplay playground (new tab)"
    >
      <Logo />
      <span>Kubeplay</span>
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
        <path d="M4.5 2.5h5v5M9.3 2.7 3 9" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
      </svg>
    </a>
  );
}

const FULL: Pick<PageConfig, 'embed' | 'show'> = { embed: false, show: new Set(['share', 'reset']) };

export function TopBar({ config = FULL }: { config?: Pick<PageConfig, 'embed' | 'show' | 'theme'> }) {
  const { embed, show, theme } = config;
  return (
    <header className={embed ? 'topbar topbar-embed' : 'topbar'}>
      {embed ? (
        <OpenInKubeplay theme={theme} />
      ) : (
        <div className="brand">
          <Logo />
          <h1>Kubeplay</h1>
          <span className="tagline">Kubernetes control plane, simulated</span>
        </div>
      )}
      <div className="controls" role="toolbar" aria-label="Clock controls">
        <PlayPauseButton />
        <StepButton />
        <SpeedSelect />
      </div>
      {show.has('share') && <ShareButton theme={theme} />}
      {show.has('reset') && <ResetClusterButton />}
      {!embed && <ThemeButton />}
      <ConnectionBadge />
      <ClockReadout />
    </header>
  );
}
