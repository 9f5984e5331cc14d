// TopBar: brand, clock controls (Play/Pause, Step, Speed), Reset cluster (after an in-page
// confirmation, it runs `kubeplay cluster reset` like any button) and the simulated clock.

import { useId, useRef } from 'react';
import { SPEEDS, formatSpeed, isSpeed } from '../../protocol/messages';
import { useBridge } from '../bridge-context';
import { useSelection } from '../state/selection';
import { useKubeplay } from '../state/store';
import { ClockReadout } from './ClockReadout';
import { Logo, PauseIcon, PlayIcon, StepIcon } from './icons';

function PlayPauseButton() {
  const bridge = useBridge();
  const playing = useKubeplay((s) => s.clock.playing);
  return playing ? (
    <button type="button" className="btn btn-primary" onClick={() => bridge.pause()} title="Pause the simulated clock">
      <PauseIcon />
      Pause
    </button>
  ) : (
    <button type="button" className="btn btn-primary" onClick={() => bridge.play()} title="Let simulated time run">
      <PlayIcon />
      Play
    </button>
  );
}

function StepButton() {
  const bridge = useBridge();
  return (
    <button type="button" className="btn" onClick={() => bridge.step()} title="Pause and jump to the next scheduled event">
      <StepIcon />
      Step
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

/** The line Reset cluster runs. */
export const RESET_LINE = 'kubeplay cluster reset';

function ResetClusterButton() {
  const bridge = useBridge();
  const showTab = useSelection((s) => s.showTab);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const close = () => dialog.current?.close();
  return (
    <>
      <button
        type="button"
        className="btn"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
        title={`Start over with the default cluster\n$ ${RESET_LINE}`}
      >
        Reset cluster
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
            bridge.action(RESET_LINE);
            showTab('console');
          }}
        >
          <h2 id={`${id}-title`}>Reset the cluster?</h2>
          <p id={`${id}-text`}>
            Every object you created is deleted and the default nodes start again, with the clock back at zero.
          </p>
          <p className="confirm-line">
            <code>$ {RESET_LINE}</code>
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

export function TopBar() {
  return (
    <header className="topbar">
      <div className="brand">
        <Logo />
        <h1>Kubeplay</h1>
        <span className="tagline">Kubernetes control plane, simulated</span>
      </div>
      <div className="controls" role="toolbar" aria-label="Clock controls">
        <PlayPauseButton />
        <StepButton />
        <SpeedSelect />
      </div>
      <ResetClusterButton />
      <ConnectionBadge />
      <ClockReadout />
    </header>
  );
}
