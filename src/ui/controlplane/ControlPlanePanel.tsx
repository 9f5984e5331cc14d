// ControlPlanePanel: "the control plane now" — each zone's state and taint rate as the node
// lifecycle controller computes them, and the timers running in the cluster (nodes not heard from
// while still Ready, counting down to Unknown; not-Ready nodes,
// pods counting down to a taint eviction, rollouts nearing their progress deadline, crash-looping
// containers waiting to restart). Everything is derived from mirrored objects and the simulated
// clock by the pure functions in zones.ts and timers.ts; a row selects its object.

import { useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { humanDuration } from '../../k8s/duration';
import type { ObjectKey } from '../../protocol/messages';
import { useSelection } from '../state/selection';
import { selectKind, selectNodes } from '../state/selectors';
import { useKubeplay } from '../state/store';
import { useClockTick } from '../state/clock-tick';
import { cronJobNextRuns } from './cronjobs';
import { nodeLeases, silentNodes, type SilentNode } from './heartbeats';
import { statefulSetWaits } from './statefulsets';
import { crashLoopRestarts, evictionCountdowns, formatCountdown, notReadyNodes, progressDeadlines } from './timers';
import { DocsNotes } from './DocsNotes';
import { zoneSummaries, type ZoneState } from './zones';
import './controlplane.css';

const selectPods = selectKind('Pod');
const selectDeployments = selectKind('Deployment');
const selectCronJobs = selectKind('CronJob');
const selectJobs = selectKind('Job');
const selectStatefulSets = selectKind('StatefulSet');
const selectLeases = selectKind('Lease');

/** `powered off · last heartbeat 12s ago · Unknown in 0:38`. */
export function silentNodeText(n: SilentNode, nowMs: number): string {
  const parts: string[] = [n.cause];
  if (n.lastHeartbeatMs !== undefined) parts.push(`last heartbeat ${humanDuration(Math.max(0, nowMs - n.lastHeartbeatMs))} ago`);
  if (n.unknownAtMs !== undefined) {
    const left = n.unknownAtMs - nowMs;
    parts.push(left > 0 ? `Unknown in ${formatCountdown(left)}` : 'Unknown at the next check');
  }
  return parts.join(' · ');
}

const STATE_TONE: Record<ZoneState, string> = { Normal: 'ok', PartialDisruption: 'warn', FullDisruption: 'bad' };

function TimerRow({
  target,
  label,
  value,
  title,
  tone,
  note,
}: {
  target: ObjectKey;
  label: string;
  value: string;
  title: string;
  tone: string;
  /** The rule behind the wait, shown under it (not only in the tooltip). */
  note?: string;
}) {
  const select = useSelection((s) => s.select);
  const hover = useSelection((s) => s.hover);
  const selected = useSelection((s) => s.selected === target);
  return (
    <li>
      <button
        type="button"
        className={`cp-row${selected ? ' is-selected' : ''}`}
        title={title}
        aria-label={`${label}: ${value}`}
        aria-description={note}
        aria-pressed={selected}
        onClick={() => select(target)}
        onMouseEnter={() => hover(target)}
        onMouseLeave={() => hover(null)}
      >
        <span className="cp-label">{label}</span>
        <span className={`cp-value tone-${tone}`}>{value}</span>
        {note && <span className="cp-note">{note}</span>}
      </button>
    </li>
  );
}

export function ControlPlanePanel() {
  const nodes = useKubeplay(useShallow(selectNodes));
  const pods = useKubeplay(useShallow(selectPods));
  const deployments = useKubeplay(useShallow(selectDeployments));
  const cronJobs = useKubeplay(useShallow(selectCronJobs));
  const jobs = useKubeplay(useShallow(selectJobs));
  const statefulSets = useKubeplay(useShallow(selectStatefulSets));
  const leases = useKubeplay(useShallow(selectLeases));
  const machines = useKubeplay((s) => s.machines);
  const graceMs = useKubeplay((s) => s.nodeMonitorGracePeriodMs);
  // countdowns repaint a few times per second of real time, not on every frame's clock update
  const nowMs = useClockTick(true);

  const zones = useMemo(() => zoneSummaries(nodes), [nodes]);
  const leasesByNode = useMemo(() => nodeLeases(leases), [leases]);
  const silent = silentNodes(nodes, leasesByNode, machines, nowMs, graceMs);
  const down = notReadyNodes(nodes, nowMs);
  const evictions = evictionCountdowns(pods, nodes, nowMs);
  const deadlines = progressDeadlines(deployments, nowMs);
  const crashes = crashLoopRestarts(pods, nowMs);
  // a lost node's kubelet restarts nothing: its crash loops wait for the node, not a countdown
  const lostNodes = new Set([...silent.map((n) => n.name), ...down.map((n) => n.name)]);
  const schedules = cronJobNextRuns(cronJobs, jobs, nowMs);
  const ordered = useMemo(() => statefulSetWaits(statefulSets, pods), [statefulSets, pods]);
  const quiet =
    silent.length + down.length + evictions.length + deadlines.length + crashes.length + schedules.length + ordered.length === 0;

  return (
    <section className="panel cp-panel" aria-labelledby="cp-heading">
      <header className="panel-header">
        <h2 id="cp-heading">Control plane now</h2>
      </header>
      {zones.length > 0 && (
        <table className="cp-zones" aria-label="Zones as the node lifecycle controller sees them">
          <thead>
            <tr>
              <th scope="col">Zone</th>
              <th scope="col">Ready</th>
              <th scope="col">State</th>
              <th scope="col" title="NoExecute taints per second the node lifecycle controller may apply in this zone">
                Taint rate
              </th>
            </tr>
          </thead>
          <tbody>
            {zones.map((z) => (
              <tr key={z.zone || '(none)'}>
                <th scope="row" className="mono">
                  {z.zone || '<none>'}
                </th>
                <td className="cp-num">
                  {z.ready}/{z.ready + z.notReady}
                </td>
                <td>
                  <span
                    className={`pill pill-${STATE_TONE[z.state]}`}
                    title="ComputeZoneState: no Ready node → FullDisruption; > 2 not Ready and ≥ 55% → PartialDisruption"
                  >
                    {z.state === 'PartialDisruption' ? 'Partial' : z.state === 'FullDisruption' ? 'Full' : 'Normal'}
                  </span>
                </td>
                <td className="cp-num" title={z.rateRule}>
                  {z.rate}/s
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {quiet ? (
        <p className="empty cp-quiet">No timers running: every node Ready, nothing counting down.</p>
      ) : (
        <div className="cp-timers">
          {silent.length > 0 && (
            <TimerGroup title="Nodes not heard from">
              {silent.map((n) => (
                <TimerRow
                  key={n.key}
                  target={n.key}
                  label={n.name}
                  tone="warn"
                  value={silentNodeText(n, nowMs)}
                  title={`Still Ready in the API: ${n.rule}`}
                  note={`Ready until ${n.rule}`}
                />
              ))}
            </TimerGroup>
          )}
          {down.length > 0 && (
            <TimerGroup title="Nodes not Ready">
              {down.map((n) => (
                <TimerRow
                  key={n.key}
                  target={n.key}
                  label={n.name}
                  tone="bad"
                  value={`${n.status || 'no Ready'} ${n.sinceMs === undefined ? '' : humanDuration(n.sinceMs)} · ${
                    n.noExecute
                      ? `tainted ${n.noExecute.addedMs === undefined ? '' : humanDuration(nowMs - n.noExecute.addedMs)}`
                      : 'tainting soon'
                  }`.replace(/\s+/g, ' ')}
                  title={
                    n.noExecute
                      ? `NoExecute taint ${n.noExecute.key} added by the node lifecycle controller; pods that tolerate it count down below`
                      : 'Ready is not True: the node lifecycle controller adds a NoExecute taint at its zone’s taint rate'
                  }
                />
              ))}
            </TimerGroup>
          )}
          {evictions.length > 0 && (
            <TimerGroup title="Taint evictions">
              {evictions.map((e) => (
                <TimerRow
                  key={e.key}
                  target={e.key}
                  label={e.name}
                  tone="warn"
                  value={e.remainingMs > 0 ? `evicted in ${formatCountdown(e.remainingMs)}` : 'evicting now'}
                  title={`${e.rule} (node ${e.node})`}
                  note={`${e.rule}, on ${e.node}`}
                />
              ))}
            </TimerGroup>
          )}
          {deadlines.length > 0 && (
            <TimerGroup title="Rollout deadlines">
              {deadlines.map((d) => (
                <TimerRow
                  key={d.key}
                  target={d.key}
                  label={d.name}
                  tone={d.remainingMs === undefined ? 'bad' : 'warn'}
                  value={
                    d.remainingMs === undefined
                      ? 'ProgressDeadlineExceeded'
                      : `${d.reason} · ${d.remainingMs > 0 ? `deadline in ${formatCountdown(d.remainingMs)}` : 'deadline now'}`
                  }
                  title={d.rule}
                />
              ))}
            </TimerGroup>
          )}
          {crashes.length > 0 && (
            <TimerGroup title="Crash loops">
              {crashes.map((c) => (
                <TimerRow
                  key={`${c.key}/${c.container}`}
                  target={c.key}
                  label={`${c.pod} · ${c.container}`}
                  tone="bad"
                  value={
                    lostNodes.has(c.node)
                      ? `waits for node ${c.node}`
                      : c.remainingMs === undefined
                        ? `back-off ${formatCountdown(c.backOffMs)}`
                        : c.remainingMs > 0
                          ? `restart in ${formatCountdown(c.remainingMs)}`
                          : 'restarting'
                  }
                  title={c.rule}
                  note={c.rule}
                />
              ))}
            </TimerGroup>
          )}
          {ordered.length > 0 && (
            <TimerGroup title="StatefulSets">
              {ordered.map((w) => (
                <TimerRow
                  key={w.key}
                  target={w.key}
                  label={w.name}
                  tone="warn"
                  value={w.message}
                  title="the StatefulSet controller creates, updates and deletes one ordinal at a time (OrderedReady)"
                />
              ))}
            </TimerGroup>
          )}
          {schedules.length > 0 && (
            <TimerGroup title="CronJobs">
              {schedules.flatMap((c) => [
                <TimerRow
                  key={c.key}
                  target={c.key}
                  label={c.name}
                  tone={c.suspended ? 'warn' : 'ok'}
                  value={`${
                    c.suspended
                      ? 'suspended'
                      : c.remainingMs === undefined
                        ? 'never runs'
                        : `next run in ${formatCountdown(c.remainingMs)}`
                  }${c.active.length ? ` · active ${c.active.join(', ')}` : ''}`}
                  title={`schedule ${c.schedule}${c.timeZone ? ` in ${c.timeZone}` : ' (UTC)'}: the CronJob controller creates a Job at each scheduled time`}
                />,
                ...c.recent.map((j) => (
                  <TimerRow
                    key={j.key}
                    target={j.key}
                    label={`↳ ${j.name}`}
                    tone={
                      j.outcome === 'Complete' ? 'ok' : j.outcome === 'Failed' || j.outcome === 'FailureTarget' ? 'bad' : 'warn'
                    }
                    value={j.outcome}
                    title={`a Job of ${c.name}, named after its scheduled minute`}
                  />
                )),
              ])}
            </TimerGroup>
          )}
        </div>
      )}
      <DocsNotes />
    </section>
  );
}

function TimerGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="cp-group">
      <h3 className="cp-group-title">{title}</h3>
      <ul className="cp-list" aria-label={title}>
        {children}
      </ul>
    </div>
  );
}
