// TopBar: brand, clock controls (Play/Pause, Step, Speed) and the simulated clock.

import { SPEEDS, formatSpeed, isSpeed } from '../../protocol/messages';
import { useBridge } from '../bridge-context';
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
      <ConnectionBadge />
      <ClockReadout />
    </header>
  );
}
