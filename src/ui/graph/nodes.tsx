// The graph's node components (React Flow custom node types). Each is memoised and reads only
// its own data plus one boolean from the selection store, so a change elsewhere re-renders
// nothing here. Interactive cards and chips are focusable buttons: click or Enter selects.

import { Fragment, memo, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import type { ObjectKey } from '../../protocol/messages';
import { humanDuration } from '../../k8s/duration';
import { nextRunAtMs } from '../controlplane/cronjobs';
import { countdownFraction, countdownText, formatCountdown, type PodCountdown } from '../controlplane/timers';
import type { CronCardView } from './cronjob-view';
import { claimText, MEMBERS_MAX, memberText, waitingClaim, type ClaimMark, type OrdinalMember } from './storage-view';
import { useSelection } from '../state/selection';
import { useClockTick } from '../state/clock-tick';
import { openGraphMenu } from './ContextMenu';
import type { NodeCardFlowData, PlacedChip } from './flow';
import type { LaneData, MoreData, NodeCardData, PodChipData, StatusCount, WorkloadData, ZoneData } from './layout';
import { lastHeartbeat } from '../controlplane/heartbeats';
import { leaseKey, timelineLines } from './heartbeat';
import { StatusIcon } from './StatusIcon';
import { Sparkline } from './Sparkline';
import { useKubeplay } from '../state/store';
import { useGraphView } from './view-state';
import { navigateFrom } from './keyboard';
import { isContextMenuKey } from './menu';
import {
  cardTags,
  KIND_SHORT,
  truncate,
  type DeadlineView,
  type NodeView,
  type PodView,
  type RolloutView,
  type UsageBar,
} from './model';
import { countDirection } from './motion';

/**
 * Props that make an element select `key` on click / Enter / Space, hover it on pointer-over, and
 * open its context menu on right-click, the context-menu key or Shift+F10.
 */
function useInteractive(key: ObjectKey, enabled = true) {
  const selected = useSelection((s) => s.selected === key);
  if (!enabled) return { selected: false, props: {} };
  const { select, hover } = useSelection.getState();
  return {
    selected,
    props: {
      role: 'button',
      tabIndex: 0,
      'aria-pressed': selected,
      'data-selected': selected ? 'true' : undefined,
      onClick: () => select(key),
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          select(key);
        } else if (isContextMenuKey(e)) {
          e.preventDefault();
          e.stopPropagation();
          openGraphMenu({ kind: 'object', key }, e.currentTarget);
        } else if (!e.altKey && !e.ctrlKey && !e.metaKey && navigateFrom(key, e.key)) {
          e.preventDefault();
          e.stopPropagation();
        }
      },
      onContextMenu: (e: MouseEvent<HTMLElement>) => {
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.focus({ preventScroll: true });
        openGraphMenu({ kind: 'object', key }, e);
      },
      onMouseEnter: () => hover(key),
      onMouseLeave: () => {
        if (useSelection.getState().hovered === key) hover(null);
      },
      onFocus: () => hover(key),
      onBlur: () => {
        if (useSelection.getState().hovered === key) hover(null);
      },
    },
  };
}

const hidden = { className: 'graph-handle', isConnectable: false } as const;

// ---- zones and lanes ------------------------------------------------------------------------

/** A zone region is focusable too: Enter, Space, the context-menu key or Shift+F10 open its menu. */
function zoneKeyDown(id: string, zone: string) {
  return (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' || e.key === ' ' || isContextMenuKey(e)) {
      e.preventDefault();
      e.stopPropagation();
      openGraphMenu({ kind: 'zone', zone }, e.currentTarget);
    } else if (!e.altKey && !e.ctrlKey && !e.metaKey && navigateFrom(id, e.key)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
}

export const ZoneNode = memo(function ZoneNode({ id, data }: NodeProps<Node<ZoneData, 'zone'>>) {
  const interactive = data.zone !== '';
  return (
    <>
      <div
        className={`graph-zone${data.partitioned ? ' is-partitioned' : ''}`}
        data-partitioned={data.partitioned || undefined}
        {...(interactive
          ? {
              role: 'button',
              tabIndex: 0,
              'aria-label': `Zone ${data.zone}`,
              'aria-haspopup': 'menu' as const,
              'aria-description': data.partitioned ? 'partitioned: cut off from the control plane' : undefined,
              onKeyDown: zoneKeyDown(id, data.zone),
            }
          : {})}
      >
        {data.partitioned && <span className="graph-zone-break" aria-hidden="true" />}
        <div className="graph-zone-title">
          {data.zone ? (
            <span>
              Zone <span className="graph-zone-name">{data.zone}</span>
            </span>
          ) : (
            <span>No zone</span>
          )}
          {data.partitioned && (
            <span
              className="gn-tag pill-bad graph-zone-tag"
              title="Every node of this zone is cut off from the control plane (kubeplay zone heal reconnects them)"
            >
              partitioned
            </span>
          )}
          <span className="graph-meta">
            {data.ready}/{data.nodes} Ready
          </span>
        </div>
      </div>
      {/* beside the zone's region, not in it: a button inside a button would not be announced */}
      {data.summary && (
        <div className={`graph-zone-overlay${data.summary.open ? ' is-open' : ''}`}>
          <ZoneSummaryBody zone={data.zone} summary={data.summary} />
        </div>
      )}
    </>
  );
});

/** A big cluster's zone as one summary (counts, sparkline) with a button to show its nodes, or the button to fold it back. */
function ZoneSummaryBody({ zone, summary }: { zone: string; summary: NonNullable<ZoneData['summary']> }) {
  const toggle = (e: MouseEvent) => {
    e.stopPropagation();
    // a selected node keeps its zone open: folding the zone lets go of that selection
    if (summary.open && summary.holdsSelection) useSelection.getState().select(null);
    if (!summary.open || useGraphView.getState().openZones.has(zone)) useGraphView.getState().toggleZone(zone);
  };
  const name = zone || 'without zone';
  const button = (
    <button
      type="button"
      className={`graph-zone-toggle${summary.open ? ' is-open' : ''}`}
      onClick={toggle}
      onKeyDown={(e) => e.stopPropagation()}
      aria-expanded={summary.open}
      aria-label={summary.open ? `Fold zone ${name}` : `Show nodes of zone ${name}`}
    >
      {summary.open ? 'Fold' : `Show ${summary.pods} pods on nodes`}
    </button>
  );
  if (summary.open) return button;
  return (
    <div className="graph-zone-summary" data-testid="zone-summary">
      <div className="gn-spark-row">
        <Sparkline samples={summary.spark} />
      </div>
      <StatusCounts counts={summary.counts} />
      {button}
    </div>
  );
}

export const LaneNode = memo(function LaneNode({ data }: NodeProps<Node<LaneData, 'lane'>>) {
  return (
    <div className={`graph-lane graph-lane-${data.lane}`}>
      <div className="graph-lane-title">
        <span>{data.title}</span>
        {data.meta && <span className="graph-meta">{data.meta}</span>}
      </div>
      {data.empty && <p className="graph-lane-empty">{data.empty}</p>}
    </div>
  );
});

export const MoreNode = memo(function MoreNode({ data }: NodeProps<Node<MoreData, 'more'>>) {
  return <div className="graph-more">{data.text}</div>;
});

// ---- node cards ------------------------------------------------------------------------------

function Bar({ label, bar }: { label: string; bar: UsageBar }) {
  const level = bar.fraction >= 0.9 ? 'high' : bar.fraction >= 0.7 ? 'mid' : 'low';
  return (
    <div className="gn-bar" title={bar.text}>
      <span className="gn-bar-label" title={bar.text}>
        {label}
      </span>
      <span className="gn-bar-track" title={bar.text}>
        <span
          className={`gn-bar-fill gn-bar-${level}`}
          style={{ transform: `scaleX(${Math.round(bar.fraction * 100) / 100})` }}
        />
      </span>
      <span className="gn-bar-value" title={bar.text}>
        {bar.short}
      </span>
    </div>
  );
}

/**
 * The node's timeline on the card (heartbeat.ts): its last heartbeat, and for a node in trouble
 * the next steps with their countdowns and rules, on screen from the first second after a stop.
 * Reads the node's Lease by key (one lookup) and the clock at 4 Hz.
 */
const NodeTimeline = memo(function NodeTimeline({ view }: { view: NodeView }) {
  const lease = useKubeplay((s) => s.objects.get(leaseKey(view.name)));
  const node = useKubeplay((s) => s.objects.get(view.key));
  const graceMs = useKubeplay((s) => s.nodeMonitorGracePeriodMs);
  const nowMs = useClockTick(true);
  const lines = timelineLines(lastHeartbeat(node, lease), view.outlook, nowMs, graceMs);
  return (
    <div className="gn-timeline" data-testid="node-timeline">
      {lines.map((l, i) => (
        <Fragment key={i}>
          <span className={`gn-line line-${l.tone}`} title={l.rule}>
            {l.text}
          </span>
          {i > 0 && <span className="gn-line gn-rule">{l.rule}</span>}
        </Fragment>
      ))}
    </div>
  );
});

/** Per-status counts (aggregated cards and zone summaries), each with its status shape. */
function StatusCounts({ counts }: { counts: readonly StatusCount[] }) {
  return (
    <div className="gn-counts">
      {counts.map((c) => (
        <span key={c.status} className={`gn-count tone-${c.tone}`} title={`${c.count} ${c.status}`} data-status={c.status}>
          <StatusIcon status={c.status} tone={c.tone} />
          <span className="gn-count-n">{c.count}</span> {c.status}
        </span>
      ))}
    </div>
  );
}

/** The card itself (header, bars, tags, counts): re-renders only when the node does, not when its chips change. */
const CardBody = memo(function CardBody({
  view,
  counts,
  spark,
  expanded,
}: Pick<NodeCardData, 'view' | 'counts' | 'spark' | 'expanded'>) {
  const { selected, props } = useInteractive(view.key);
  const pods = view.podCount;
  const pillTone = view.pill === 'SchedulingDisabled' ? 'warn' : view.tone;
  return (
    <div
      className={`graph-node tone-${view.tone}${view.cordoned ? ' is-cordoned' : ''}${view.running ? '' : ' is-off'}${view.reachable ? '' : ' is-cut'}${selected ? ' is-selected' : ''}${expanded ? ' is-expanded' : ''}`}
      aria-label={`Node ${view.name}: ${view.status}`}
      {...props}
    >
      <div className="gn-head">
        <span className="gn-name">{view.name}</span>
        <span className={`pill pill-${pillTone}`} title={view.conditionTitle}>
          {view.pill}
        </span>
        <span className="node-pods">
          {pods} {pods === 1 ? 'pod' : 'pods'}
        </span>
      </div>
      <div className="gn-bars">
        <Bar label="CPU" bar={view.cpu} />
        <Bar label="Mem" bar={view.memory} />
        <Bar label="Pods" bar={view.pods} />
      </div>
      <NodeTimeline view={view} />
      <div className="gn-tags">
        {cardTags(view).map((t) => (
          <span key={t.text} className={`gn-tag ${t.className}`} title={t.title}>
            {t.text}
          </span>
        ))}
      </div>
      {spark && (
        <div className="gn-spark-row">
          <Sparkline samples={spark} />
          {expanded && <span className="gn-expanded">every pod shown (selected)</span>}
        </div>
      )}
      {counts && <StatusCounts counts={counts} />}
      {!counts && pods === 0 && <span className="gn-empty">no pods</span>}
    </div>
  );
});

/** A chip at its place in the card; memoised on its placed-chip object (stable while unchanged, flow.ts). */
const PlacedPodChip = memo(function PlacedPodChip({ chip }: { chip: PlacedChip }) {
  const { data } = chip;
  return (
    <div className="chip-slot" style={{ transform: `translate(${chip.x}px, ${chip.y}px)` }}>
      <Chip view={data.view} ghost={data.ghost} nodeUnknown={data.nodeUnknown} countdown={data.countdown} />
    </div>
  );
});

/**
 * A node card and, drawn over it, its pod chips (plain elements at the places layout.ts gives
 * them — no React Flow node per pod, so a rollout costs a few card renders, not one node per chip).
 */
export const NodeCard = memo(function NodeCard({ data }: NodeProps<Node<NodeCardFlowData, 'node'>>) {
  return (
    <>
      <CardBody view={data.view} counts={data.counts} spark={data.spark} expanded={data.expanded} />
      {data.chips.length > 0 && (
        <div className="chip-layer">
          {data.chips.map((chip) => (
            <PlacedPodChip key={chip.id} chip={chip} />
          ))}
        </div>
      )}
    </>
  );
});

/** An invisible, inert stand-in at a chip's place, for the edges of the hovered or selected object to end on. */
export const ChipAnchor = memo(function ChipAnchor() {
  return <Handle type="target" position={Position.Bottom} {...hidden} />;
});

// ---- pods ----------------------------------------------------------------------------------

/** A small ring filling up toward the eviction or restart; its title names the rule. */
function CountdownRing({ countdown, nowMs }: { countdown: PodCountdown; nowMs: number }) {
  const style = { '--done': countdownFraction(countdown, nowMs) } as CSSProperties;
  return (
    <span
      className={`pod-countdown countdown-${countdown.kind}`}
      style={style}
      title={countdownText(countdown, nowMs)}
      data-testid="pod-countdown"
    />
  );
}

function Chip({
  view,
  ghost,
  nodeUnknown,
  countdown,
}: {
  view: PodView;
  ghost: boolean;
  nodeUnknown: boolean;
  countdown?: PodCountdown;
}) {
  const { selected, props } = useInteractive(view.key, !ghost);
  const nowMs = useClockTick(!!countdown);
  const timer = countdown ? countdownText(countdown, nowMs) : '';
  const claims = view.claims ? claimText(view.claims) : '';
  const description = [timer, claims].filter(Boolean).join('; ');
  return (
    <div
      className={`pod-chip tone-${view.tone}${view.daemon ? ' is-daemon' : ''}${ghost ? ' is-ghost' : ''}${nodeUnknown ? ' on-unknown-node' : ''}${selected ? ' is-selected' : ''}`}
      aria-label={ghost ? undefined : view.label}
      aria-description={description || undefined}
      aria-hidden={ghost || undefined}
      title={timer ? `${view.title}\n${timer}` : view.title}
      data-status={view.status}
      data-key={ghost ? undefined : view.key}
      {...props}
    >
      {countdown && <CountdownRing countdown={countdown} nowMs={nowMs} />}
      {/* the status shape; readiness too: a check when every container is Ready, half a disc when some are */}
      <StatusIcon status={view.status} tone={view.tone} />
      <span className="pod-name">{view.short}</span>
      {view.restarts > 0 && (
        <span className="pod-restarts" aria-hidden="true">
          {view.restarts > 99 ? '99+' : view.restarts}
        </span>
      )}
      {view.claims && <ClaimMarker claims={view.claims} />}
    </div>
  );
}

/** A pod's claims as one small cylinder in the chip's corner: muted when all are Bound, amber while one waits. */
function ClaimMarker({ claims }: { claims: readonly ClaimMark[] }) {
  const waiting = waitingClaim(claims);
  return (
    <span
      className={`pod-claim claim-${waiting ? waiting.tone : 'ok'}`}
      aria-hidden="true"
      data-testid="pod-claim"
      data-phase={waiting ? waiting.phase : 'Bound'}
    />
  );
}

export const PendingPod = memo(function PendingPod({ data }: NodeProps<Node<PodChipData, 'pendingPod'>>) {
  const reason = data.view.pendingReason ?? (data.view.status || 'Pending');
  const claim = waitingClaim(data.view.claims);
  return (
    <div className="pending-row">
      <Chip view={data.view} ghost={data.ghost} nodeUnknown={false} />
      <span className="pending-reason" title={claim ? `PVC ${claim.name} ${claim.phase}\n${reason}` : reason}>
        {claim && (
          <span className={`pending-claim claim-${claim.tone}`}>
            PVC {claim.name} {claim.phase}
          </span>
        )}
        {truncate(reason, 140)}
      </span>
      <Handle type="target" position={Position.Right} {...hidden} />
    </div>
  );
});

// ---- workloads -----------------------------------------------------------------------------

/** The count, rolled in from above (up) or below (down) when it changes, with a small cue. */
function TickingCount({ value }: { value: string }) {
  const [tick, setTick] = useState({ value, dir: null as 'up' | 'down' | null, n: 0 });
  if (tick.value !== value) {
    // derived from the previous render: no effect, no timer — the CSS animation does the rest
    setTick({ value, dir: countDirection(tick.value, value), n: tick.n + 1 });
  }
  const moving = tick.n > 0 && tick.dir;
  return (
    <span className="gw-count-box">
      {moving && (
        <span key={`cue-${tick.n}`} className={`gw-cue cue-${tick.dir}`} aria-hidden="true" data-testid="count-cue">
          {tick.dir === 'up' ? '▲' : '▼'}
        </span>
      )}
      <span
        key={tick.n}
        className={`gw-count${moving ? ` tick-${tick.dir}` : ''}`}
        data-direction={moving ? tick.dir : undefined}
      >
        {value}
      </span>
    </span>
  );
}

/** Updated (and, within them, available) replicas of the desired count while a rollout runs. */
function RolloutBar({ rollout }: { rollout: RolloutView }) {
  const of = Math.max(1, rollout.desired);
  const updated = { '--f': Math.min(1, rollout.updated / of) } as CSSProperties;
  const available = { '--f': Math.min(1, Math.min(rollout.available, rollout.updated) / of) } as CSSProperties;
  return (
    <span
      className="gw-progress"
      role="progressbar"
      aria-label="Rollout"
      aria-valuemin={0}
      aria-valuemax={rollout.desired}
      aria-valuenow={Math.min(rollout.updated, rollout.desired)}
      aria-valuetext={rollout.message}
      title={`Rollout: ${rollout.message}\nUP-TO-DATE ${rollout.updated}, AVAILABLE ${rollout.available}, ${rollout.unit ?? 'replicas'} ${rollout.total} of ${rollout.desired} desired`}
    >
      <span className="gw-progress-fill gw-progress-updated" style={updated} />
      <span className="gw-progress-fill gw-progress-available" style={available} />
    </span>
  );
}

/** A ring filling up toward a deadline (a Deployment's progress deadline, a Job's TTL); its title names the rule. */
function DeadlineRing({ deadline }: { deadline: DeadlineView }) {
  const running = deadline.atMs !== undefined;
  const nowMs = useClockTick(running);
  const exceeded = !running || nowMs >= deadline.atMs!;
  const done = running ? Math.min(1, Math.max(0, 1 - (deadline.atMs! - nowMs) / Math.max(1, deadline.durationMs))) : 1;
  const title = running
    ? `${deadline.pending ?? 'progress deadline in'} ${formatCountdown(deadline.atMs! - nowMs)} (${deadline.rule})`
    : `${deadline.past ?? 'progress deadline exceeded'} (${deadline.rule})`;
  return (
    <span
      className={`gw-deadline${exceeded ? ' is-exceeded' : done > 0.75 ? ' is-near' : ''}`}
      style={{ '--done': done } as CSSProperties}
      title={title}
      data-testid="deploy-deadline"
    />
  );
}

/** A CronJob's next run (the same computation as the control-plane panel's row) and its last one. */
function cronWhen(cron: CronCardView, nowMs: number): { next: string; last: string } {
  const at = nextRunAtMs(cron, nowMs);
  const next = cron.suspended ? 'suspended' : at === undefined ? 'never runs' : formatCountdown(at - nowMs);
  const last = cron.lastScheduleMs === undefined ? 'never' : `${humanDuration(Math.max(0, nowMs - cron.lastScheduleMs))} ago`;
  return { next, last };
}

/** The CronJob card's detail line: its schedule and the next run counting down (or suspended). */
function CronLine({ cron }: { cron: CronCardView }) {
  const nowMs = useClockTick(true);
  const { next, last } = cronWhen(cron, nowMs);
  return (
    <div className="gw-detail gw-cron" data-testid="cron-line">
      <span className="gw-schedule" title={`schedule ${cron.schedule}${cron.timeZone ? ` in ${cron.timeZone}` : ' (UTC)'}`}>
        {cron.schedule}
      </span>
      {cron.suspended ? (
        <span className="gn-tag pill-warn gw-next" title="spec.suspend: true — the controller starts no Job">
          suspended
        </span>
      ) : (
        <span className="gw-next" title={`next run in ${next}; last scheduled ${last}`}>
          next {next}
        </span>
      )}
    </div>
  );
}

/** Last schedule on the CronJob card's top row, e.g. `last 42s`. */
function CronLast({ cron }: { cron: CronCardView }) {
  const nowMs = useClockTick(cron.lastScheduleMs !== undefined);
  const { last } = cronWhen(cron, nowMs);
  return (
    <span
      className="gw-last"
      title={cron.lastScheduleMs === undefined ? 'LAST SCHEDULE <none>: not run yet' : `LAST SCHEDULE ${last}`}
    >
      {cron.lastScheduleMs === undefined ? 'last —' : `last ${last.replace(/ ago$/, '')}`}
    </span>
  );
}

/** A StatefulSet's members in ordinal order: a pip per ordinal coloured as its pod, its claims as a bar under it. */
function MembersLine({ members }: { members: readonly OrdinalMember[] }) {
  const waiting = members.flatMap((m) => m.claims).find((c) => c.phase !== 'Bound');
  // the waiting claim's tag takes the room of three or four pips (a `+n` needs one)
  const shown = members.slice(0, waiting ? (members.length <= 3 ? 3 : 2) : MEMBERS_MAX);
  return (
    <div className="gw-detail gw-members" data-testid="sts-members">
      {shown.map((m) => {
        const claim = waitingClaim(m.claims) ?? m.claims[0];
        return (
          <span
            key={m.ordinal}
            className={`gw-member tone-${m.tone}${m.desired ? '' : ' is-surplus'}`}
            title={memberText(m)}
            data-ordinal={m.ordinal}
          >
            {m.ordinal}
            {claim && <span className={`gw-member-claim claim-${claim.tone}`} />}
          </span>
        );
      })}
      {members.length > shown.length && <span className="gw-more">+{members.length - shown.length}</span>}
      {waiting && (
        <span className="gw-claim-wait" title={`PVC ${waiting.name} ${waiting.phase}`}>
          PVC {waiting.phase}
        </span>
      )}
    </div>
  );
}

/** The card's description for assistive tech: rollout, members and claims, or the CronJob's timing. */
function workloadDescription(view: WorkloadData['view']): string | undefined {
  const parts: string[] = [];
  if (view.rollout) parts.push(`rollout: ${view.rollout.message}`);
  if (view.members) parts.push(view.members.map(memberText).join('; '));
  if (view.cron) parts.push(view.countTitle.replace(/\n/g, '; '));
  return parts.length ? parts.join('; ') : undefined;
}

export const WorkloadCard = memo(function WorkloadCard({ data }: NodeProps<Node<WorkloadData, 'workload'>>) {
  const { view } = data;
  const { selected, props } = useInteractive(view.key);
  const members = view.members?.length ? `\n${view.members.map(memberText).join('\n')}` : '';
  return (
    <div
      className={`graph-workload wl-${view.tone}${view.parentKey ? ' is-child' : ''}${view.rollout ? ' is-rolling' : ''}${view.cron || members ? ' has-detail' : ''}${view.scheduled ? ' is-line' : ''}${selected ? ' is-selected' : ''}`}
      aria-label={view.label}
      aria-description={workloadDescription(view)}
      title={`${view.kind} ${view.namespace}/${view.name}\n${view.countTitle}${view.rollout ? `\nrollout: ${view.rollout.message}` : ''}${members}`}
      {...props}
    >
      <div className="gw-top">
        <span className="gw-kind">{KIND_SHORT[view.kind]}</span>
        {view.revision && <span className="gw-hash">{view.revision.hash}</span>}
        {view.scheduled && <span className="gw-hash gw-scheduled">{view.scheduled}</span>}
        {view.cron && <CronLast cron={view.cron} />}
        {view.deadline && <DeadlineRing deadline={view.deadline} />}
        <TickingCount value={view.count} />
      </div>
      {!view.scheduled && <div className="gw-name">{view.revision ? view.revision.images : view.name}</div>}
      {view.cron && <CronLine cron={view.cron} />}
      {view.members && view.members.length > 0 && <MembersLine members={view.members} />}
      {view.rollout && <RolloutBar rollout={view.rollout} />}
      <Handle type="source" id="top" position={Position.Top} {...hidden} />
      <Handle type="source" id="bottom" position={Position.Bottom} {...hidden} />
      <Handle type="source" id="left" position={Position.Left} {...hidden} />
      <Handle type="target" id="in" position={Position.Top} {...hidden} />
    </div>
  );
});

export const nodeTypes = {
  zone: ZoneNode,
  node: NodeCard,
  anchor: ChipAnchor,
  pendingPod: PendingPod,
  lane: LaneNode,
  workload: WorkloadCard,
  more: MoreNode,
};
