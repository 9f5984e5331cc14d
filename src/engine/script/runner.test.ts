import { describe, expect, it } from 'vitest';
import { runScript, streamScript } from './runner';

describe('runScript', () => {
  it('prints the six Ready nodes and the four namespaces', () => {
    const { transcript, exitCode } = runScript('kubectl get nodes\nkubectl get ns\n');
    expect(exitCode).toBe(0);
    const lines = transcript.split('\n');
    expect(lines[0]).toBe('$ kubectl get nodes');
    expect(lines.filter((l) => /^node-[abc][12]\s+Ready\s/.test(l))).toHaveLength(6);
    for (const ns of ['default', 'kube-node-lease', 'kube-public', 'kube-system']) {
      expect(transcript).toMatch(new RegExp(`^${ns}\\s+Active\\s+0s$`, 'm'));
    }
  });

  it('is byte-identical for the same seed and differs for another seed where randomness shows', () => {
    const script = 'sleep 2m\nkubectl get leases -n kube-node-lease -o yaml\nkubectl get nodes -o json\n';
    const a = runScript(script, { seed: 7 }).transcript;
    expect(runScript(script, { seed: 7 }).transcript).toBe(a);
    expect(runScript(script, { seed: 8 }).transcript).not.toBe(a);
  });

  it('echoes each command, not here-document bodies, and keeps going after a failing command', () => {
    const { transcript } = runScript(
      'kubectl get pods nope\nkubectl apply -f - <<EOF\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\nEOF\n',
    );
    expect(transcript).toBe(
      '$ kubectl get pods nope\nError from server (NotFound): pods "nope" not found\n$ kubectl apply -f - <<EOF\nnamespace/x created\n',
    );
  });

  it('stops at a syntax error with the line number and status 2', () => {
    const result = runScript('kubectl get nodes\nkubectl get pods -l "app=web\n');
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatch(/^line 2: /);
    expect(result.transcript).toBe('');
  });

  it('advances virtual time only with sleep and commands that wait', () => {
    const { transcript } = runScript('kubeplay clock\nsleep 5m30s\nkubeplay clock\nsleep 90\nkubeplay clock\n');
    expect(transcript).toContain('2026-01-01T00:00:00Z (+0s since start)');
    expect(transcript).toContain('2026-01-01T00:05:30Z (+5m30s since start)');
    expect(transcript).toContain('2026-01-01T00:07:00Z (+7m0s since start)');
  });

  it.each([
    ['sleep soon', "sleep: invalid time interval 'soon'"],
    ['sleep', 'sleep: expects one DURATION'],
    ['ls -l', 'ls: command not found'],
    ['kubeplay node add n1', 'error: --zone is required'],
    ['kubeplay node add n1 --zone z --cpu lots', 'error: --cpu: quantities must match the regular expression'],
    ['kubeplay config set node-monitor-grace-period=forever', 'time: invalid duration "forever"'],
    ['kubeplay config set bogus=1', 'unknown setting "bogus"'],
    ['kubeplay warp', 'error: unknown command "warp" for "kubeplay"'],
  ])('%s prints an error', (line, message) => {
    expect(runScript(`${line}\n`).transcript).toContain(message);
  });

  it('kubeplay verbs shape the cluster', () => {
    const { transcript } = runScript(
      [
        'kubeplay cluster reset --zones 2 --nodes-per-zone 1',
        'kubectl get nodes -L topology.kubernetes.io/zone',
        'kubeplay node add big-1 --zone zone-x --cpu 16 --memory 64Gi --labels disk=ssd --taints dedicated=ml:NoSchedule',
        'kubectl get node big-1 -o jsonpath={.status.capacity.cpu}/{.spec.taints[0].key}/{.metadata.labels.disk}',
        'kubeplay node add big-1 --zone zone-x',
        'kubeplay config set node-monitor-grace-period=40s',
        'kubeplay config view',
        'kubeplay cluster reset --empty',
        'kubectl get nodes',
      ].join('\n'),
    );
    expect(transcript).toContain('cluster reset: 2 nodes in 2 zones');
    expect(transcript).toMatch(/^node-a1\s+Ready\s+<none>\s+0s\s+v1\.34\.2\s+zone-a$/m);
    expect(transcript).toContain('16/dedicated/ssd');
    expect(transcript).toContain('error: a machine named "big-1" already exists');
    expect(transcript).toContain('node-monitor-grace-period=40s');
    expect(transcript).toMatch(/cluster reset: 0 nodes in 0 zones\n\$ kubectl get nodes\nNo resources found\n$/);
  });

  it("hands out each command's transcript as soon as the command has ended", () => {
    const script = 'kubectl get ns\nkubectl apply -f ns.yaml\nkubeplay clock\n';
    const chunks: string[] = [];
    let writtenBeforeRead = -1;
    const result = streamScript(
      script,
      {
        readFile: () => {
          writtenBeforeRead = chunks.length;
          return 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n';
        },
      },
      (chunk) => chunks.push(chunk),
    );
    expect(result).toEqual({ exitCode: 0, internalErrors: 0 });
    expect(chunks).toHaveLength(3);
    expect(chunks[1]).toBe('$ kubectl apply -f ns.yaml\nnamespace/x created\n');
    // The first command's part was out before the second one read its file.
    expect(writtenBeforeRead).toBe(1);
    expect(chunks.join('')).toBe(
      runScript(script, { readFile: () => 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: x\n' }).transcript,
    );
  });

  it('writes nothing for a script with a syntax error further down', () => {
    const chunks: string[] = [];
    const result = streamScript('kubectl get ns\nkubectl get pods | wc -l\n', {}, (chunk) => chunks.push(chunk));
    expect(result.exitCode).toBe(2);
    expect(result.error).toMatch(/^line 2: /);
    expect(chunks).toEqual([]);
  });

  it("prints an internal error where the command's output ends, stops the script there, and exits 1", () => {
    const result = runScript('kubectl get ns default\nkubectl apply -f x.yaml\nkubectl get ns default\n', {
      readFile: () => {
        throw new Error('disk on fire');
      },
    });
    expect(result.transcript).toBe(
      '$ kubectl get ns default\nNAME      STATUS   AGE\ndefault   Active   0s\n$ kubectl apply -f x.yaml\nerror: internal error: disk on fire\n',
    );
    expect(result.exitCode).toBe(1);
    expect(result.internalErrors).toBe(1);
    expect(result.stoppedAtLine).toBe(2);
  });
});
