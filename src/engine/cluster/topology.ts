// Topology: which zone and region each node machine is in, whether the machine is running, and
// whether it can reach the control plane. The partition features flip `reachable`; a stopped
// machine has `running` false. Components consult it before talking to the API server.

export interface MachineState {
  name: string;
  zone: string;
  region: string;
  running: boolean;
  reachable: boolean;
}

export class Topology {
  private readonly machines = new Map<string, MachineState>();
  private readonly byZone = new Map<string, Set<string>>();

  addMachine(name: string, zone: string, region: string): MachineState {
    const state: MachineState = { name, zone, region, running: true, reachable: true };
    this.machines.set(name, state);
    let members = this.byZone.get(zone);
    if (!members) this.byZone.set(zone, (members = new Set()));
    members.add(name);
    return state;
  }

  removeMachine(name: string): void {
    const state = this.machines.get(name);
    if (!state) return;
    this.machines.delete(name);
    this.byZone.get(state.zone)?.delete(name);
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
    return !!m && m.running && m.reachable;
  }
}
