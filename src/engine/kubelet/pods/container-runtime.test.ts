import { describe, expect, it } from 'vitest';
import { Clock } from '../../clock/clock';
import { SeededRandom } from '../../clock/random';
import { ContainerRuntime } from './container-runtime';

const env = { namespace: 'default', podName: 'web', hostname: 'web', env: {}, resolve: () => undefined };

function start(runtime: ContainerRuntime, name: string) {
  return runtime.startContainer('uid-1', {
    name,
    kind: 'regular',
    imageName: 'busybox',
    imageRef: 'busybox@sha256:0',
    argv: ['sleep', '3600'],
    env,
  });
}

describe('ContainerRuntime records', () => {
  it('keeps the newest two instances of a container, newest first, beside the other containers', () => {
    const clock = new Clock();
    const runtime = new ContainerRuntime(clock, new SeededRandom(1), 'node-1', () => {});
    const sandbox = runtime.runSandbox('uid-1', '10.244.0.5');
    const side = start(runtime, 'side');
    const first = start(runtime, 'app');
    clock.advance(1000);
    runtime.crashContainer(first.id, 1);
    const second = start(runtime, 'app');
    runtime.crashContainer(second.id, 1);
    const third = start(runtime, 'app');
    const pod = runtime.pod('uid-1')!;
    expect(pod.containers).toEqual([third, second, side]);
    expect(pod.sandboxes).toEqual([sandbox]);
    expect(runtime.isRunning(third.id) && runtime.isRunning(side.id)).toBe(true);
    expect(third.attempt).toBe(2);
    expect(third.id).toMatch(/^containerd:\/\/[0-9a-f]{64}$/);
    const again = runtime.runSandbox('uid-1', '10.244.0.6');
    expect(runtime.pod('uid-1')!.sandboxes).toEqual([again, sandbox]);
    expect(again.attempt).toBe(1);
  });

  it('keeps the log lines of each instance, none for an instance that wrote nothing', () => {
    const clock = new Clock();
    const runtime = new ContainerRuntime(clock, new SeededRandom(1), 'node-1', () => {});
    const quiet = start(runtime, 'quiet');
    const quietToo = start(runtime, 'quiet-too');
    const talker = runtime.startContainer('uid-1', {
      name: 'talker',
      kind: 'regular',
      imageName: 'busybox',
      imageRef: 'busybox@sha256:0',
      argv: ['sh', '-c', 'echo one; sleep 1; echo two; sleep 3600'],
      env,
    });
    clock.advance(2000);
    expect(quiet.logs).toEqual([]);
    expect(quietToo.logs).toEqual([]);
    expect(talker.logs.map((l) => l.text)).toEqual(['one', 'two']);
  });
});
