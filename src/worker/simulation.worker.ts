// simulation.worker: the Web Worker entry. Wires the real Simulation, postMessage and timers
// into a WorkerHandler; all logic lives in handler.ts so it can be tested without a Worker.

import { Simulation } from '../engine/simulation';
import type { FromWorker } from '../protocol/messages';
import { WorkerHandler, type HostedSimulation } from './handler';

const scope = self as unknown as DedicatedWorkerGlobalScope;

const handler = new WorkerHandler({
  post: (message: FromWorker) => scope.postMessage(message),
  timers: {
    now: () => performance.now(),
    schedule: (fn, ms) => {
      const handle = setTimeout(fn, ms);
      return () => clearTimeout(handle);
    },
  },
  createSimulation: (options): HostedSimulation => new Simulation(options),
});

scope.addEventListener('message', (event: MessageEvent<unknown>) => handler.receive(event.data));
