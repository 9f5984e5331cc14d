// Topology: which zone and region each node machine is in, whether the machine is running, and
// whether it can reach the control plane. The partition features flip `reachable`; a stopped
// machine has `running` false. Components consult it before talking to the API server.

export interface MachineState {
  name: string;
  zone: string;
  region: string;
  running: boolean;
  reachable: boolean;
  /** Graceful node shutdown is under way (the machine powers off when it ends). */
  shuttingDown: boolean;
}

export class Topology {
  private readonly machines = new Map<string, MachineState>();
  private readonly byZone = new Map<string, Set<string>>();
  private changes = 0;

  /**
   * Goes up whenever a machine is added or removed or its running / reachable state changes
   * through this class (setRunning, setReachable), so a watcher (the worker sending the UI a
   * snapshot of the machines) can tell cheaply whether anything changed.
   */
  get version(): number {
    return this.changes;
  }

  addMachine(name: string, zone: string, region: string): MachineState {
    const state: MachineState = { name, zone, region, running: true, reachable: true, shuttingDown: false };
    this.machines.set(name, state);
    let members = this.byZone.get(zone);
    if (!members) this.byZone.set(zone, (members = new Set()));
    members.add(name);
    this.changes++;
    return state;
  }

  removeMachine(name: string): void {
    const state = this.machines.get(name);
    if (!state) return;
    this.machines.delete(name);
    this.byZone.get(state.zone)?.delete(name);
    state.running = false;
    state.reachable = false;
    this.changes++;
  }

  /** Powers the machine on or off (MachineControl decides what else happens). */
  setRunning(name: string, running: boolean): void {
    const m = this.machines.get(name);
    if (!m || m.running === running) return;
    m.running = running;
    m.shuttingDown = false;
    this.changes++;
  }

  /** Marks a graceful node shutdown as under way. */
  setShuttingDown(name: string, shuttingDown: boolean): void {
    const m = this.machines.get(name);
    if (!m || m.shuttingDown === shuttingDown) return;
    m.shuttingDown = shuttingDown;
    this.changes++;
  }

  /** Connects the machine to the control plane or cuts it off. */
  setReachable(name: string, reachable: boolean): void {
    const m = this.machines.get(name);
    if (!m || m.reachable === reachable) return;
    m.reachable = reachable;
    this.changes++;
  }

  machine(name: string): MachineState | undefined {
    return this.machines.get(name);
  }

  allMachines(): IterableIterator<MachineState> {
    return this.machines.values();
  }

  zones(): string[] {
    return [...this.byZone.keys()].sort();
  }

  machinesInZone(zone: string): string[] {
    return [...(this.byZone.get(zone) ?? [])].sort();
  }

  /** Whether the machine's kubelet can currently talk to the API server. */
  canReachControlPlane(name: string): boolean {
    const m = this.machines.get(name);
    return !!m && canReachControlPlane(m);
  }
}

/**
 * Whether a machine's kubelet can talk to the API server: the machine runs and is connected. A
 * removed machine's state (still held by its kubelet) is neither.
 */
export function canReachControlPlane(m: MachineState): boolean {
  return m.running && m.reachable;
}
