// What the playground does to machines: power a node off and on, cut it (or a whole zone) off
// from the control plane and back, shut it down gracefully, put it under resource pressure. The
// topology records the machine's state; the node's kubelet (agent and pod side) reacts as a real
// one would. Nothing here touches the API directly: the control plane only sees the consequences.

import type { PressureKind } from '../kubelet/node-agent';
import { twoGroupShutdownPlan, type ShutdownGroup } from '../kubelet/pods/node-kubelet';
import type { Cluster } from './cluster';

export class MachineError extends Error {}

export interface ShutdownOptions {
  /** shutdownGracePeriod */
  graceMs: number;
  /** shutdownGracePeriodCriticalPods */
  criticalGraceMs: number;
  /** shutdownGracePeriodByPodPriority, which replaces the two periods when given. */
  byPriority?: ShutdownGroup[];
}

export class MachineControl {
  constructor(private readonly cluster: Cluster) {}

  private machine(name: string) {
    const m = this.cluster.topology.machine(name);
    if (!m) throw new MachineError(`no machine named "${name}" (kubeplay node add creates one)`);
    return m;
  }

  /** The machine loses power: kubelet and containers stop, no more heartbeats. */
  stop(name: string): void {
    const m = this.machine(name);
    if (!m.running) throw new MachineError(`node ${name} is already stopped`);
    this.cluster.topology.setRunning(name, false);
    this.cluster.agents.get(name)?.stop();
    this.cluster.kubelets.node(name)?.machineStopped();
  }

  /** The machine boots: the kubelet registers again and reconciles its pods with the API. */
  start(name: string): void {
    const m = this.machine(name);
    if (m.running) throw new MachineError(`node ${name} is already running`);
    this.cluster.topology.setRunning(name, true);
    this.cluster.agents.get(name)?.start();
    if (m.reachable) this.cluster.kubelets.resync(name);
  }

  /** The kubelet and its pods keep running but cannot reach the control plane. */
  disconnect(name: string): void {
    const m = this.machine(name);
    if (!m.reachable) throw new MachineError(`node ${name} is already disconnected`);
    this.cluster.topology.setReachable(name, false);
  }

  reconnect(name: string): void {
    const m = this.machine(name);
    if (m.reachable) throw new MachineError(`node ${name} is not disconnected`);
    this.cluster.topology.setReachable(name, true);
    if (!m.running) return;
    this.cluster.kubelets.resync(name);
    this.cluster.agents.get(name)?.reconnected();
  }

  /** Every node of the zone at once; returns the nodes that were cut off by this call. */
  partitionZone(zone: string): string[] {
    const names = this.zoneMachines(zone).filter((n) => this.machine(n).reachable);
    for (const n of names) this.disconnect(n);
    return names;
  }

  healZone(zone: string): string[] {
    const names = this.zoneMachines(zone).filter((n) => !this.machine(n).reachable);
    for (const n of names) this.reconnect(n);
    return names;
  }

  /** The node's kubelet configuration for graceful node shutdown (upstream default 0: off). */
  shutdownSettings(name: string): ShutdownOptions {
    this.machine(name);
    const spec = this.cluster.agents.get(name)?.spec;
    return { graceMs: spec?.shutdownGracePeriodMs ?? 0, criticalGraceMs: spec?.shutdownGracePeriodCriticalPodsMs ?? 0 };
  }

  /**
   * The machine shuts down. With graceful node shutdown enabled (a grace period above 0) the
   * kubelet stops its pods first, then the machine is off; without, it just powers off.
   */
  shutdown(name: string, options: ShutdownOptions, onOff?: () => void): void {
    const m = this.machine(name);
    if (!m.running) throw new MachineError(`node ${name} is already stopped`);
    if (options.graceMs <= 0 && !options.byPriority?.length) {
      this.stop(name);
      onOff?.();
      return;
    }
    this.cluster.topology.setShuttingDown(name, true);
    this.cluster.agents.get(name)?.beginShutdown();
    const kubelet = this.cluster.kubelets.node(name);
    const powerOff = () => {
      if (m.running) this.stop(name);
      onOff?.();
    };
    const plan = options.byPriority?.length ? options.byPriority : twoGroupShutdownPlan(options.graceMs, options.criticalGraceMs);
    if (kubelet) kubelet.gracefulShutdown(plan, powerOff);
    else powerOff();
  }

  /**
   * The machine is gone (decommissioned, or its cloud instance deleted): no kubelet, no
   * containers, nothing to restart. The Node object stays until someone deletes it — or, with
   * the cloud node lifecycle controller enabled, until that controller notices the instance is gone.
   */
  remove(name: string): void {
    this.machine(name);
    this.cluster.agents.get(name)?.stop();
    this.cluster.agents.delete(name);
    this.cluster.kubelets.removeNode(name);
    this.cluster.topology.removeMachine(name);
  }

  /** The container runtime stops or comes back; false when it already was so. */
  runtime(name: string, up: boolean): boolean {
    const m = this.machine(name);
    if (!m.running) throw new MachineError(`node ${name} is stopped`);
    return this.cluster.agents.get(name)?.setRuntime(up) ?? false;
  }

  /** The runtime's network plugin becomes ready or not; false when it already was so. */
  network(name: string, ready: boolean): boolean {
    const m = this.machine(name);
    if (!m.running) throw new MachineError(`node ${name} is stopped`);
    return this.cluster.agents.get(name)?.setNetworkReady(ready) ?? false;
  }

  /** Sets or clears a pressure condition; false when it already was so. */
  pressure(name: string, kind: PressureKind, on: boolean): boolean {
    const m = this.machine(name);
    if (!m.running) throw new MachineError(`node ${name} is stopped`);
    const changed = this.cluster.agents.get(name)?.setPressure(kind, on) ?? false;
    this.cluster.kubelets.node(name)?.setPressure(kind, on);
    return changed;
  }

  private zoneMachines(zone: string): string[] {
    const names = this.cluster.topology.machinesInZone(zone);
    if (names.length === 0)
      throw new MachineError(`no zone named "${zone}" (zones: ${this.cluster.topology.zones().join(', ')})`);
    return names;
  }
}
