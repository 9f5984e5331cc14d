import { it } from 'vitest';
import { Simulation } from '../../simulation';
import { parseFlags } from '../flags';
import { describeFlags, runDescribe } from './index';

it('scratch', () => {
  const sim = new Simulation();
  const env = sim.kubectlEnv();
  sim.clock.advance(60_000);
  env.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-0', labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80 }], resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } } }] } });
  sim.clock.advance(30_000);
  let out = '';
  const io = { out: (t: string) => (out += t), err: (t: string) => (out += '[ERR]' + t), stream: () => {} };
  for (const argv of [['nodes', 'node-a1'], ['pod', 'web-0'], ['ns', 'default'], ['lease', '-n', 'kube-node-lease', 'node-a1'], ['pods', 'w'], ['pods', 'x']]) {
    out += `$ kubectl describe ${argv.join(' ')}\n`;
    const code = runDescribe(parseFlags(argv, describeFlags), io, env);
    out += `[exit ${code}]\n`;
  }
  console.log(out);
});
