// Test-only preload for the CLI (`node --import tsx --import ./src/cli/testing/plant-internal-error.ts`):
// makes every console's `kubectl get configmap planted-crash` throw, as an engine bug would, so
// the CLI's handling of an internal error can be observed end to end. Never imported by the product.

import { Simulation } from '../../engine/simulation';

const openConsole = Simulation.prototype.openConsole;
Simulation.prototype.openConsole = function (this: Simulation, ...args: Parameters<typeof openConsole>) {
  const session = openConsole.apply(this, args);
  const runArgv = session.runArgv.bind(session);
  session.runArgv = (argv, stdin) => {
    if (argv.join(' ') === 'kubectl get configmap planted-crash') throw new Error('planted for the test');
    return runArgv(argv, stdin);
  };
  return session;
};
