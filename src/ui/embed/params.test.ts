import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from './codec';
import { EXTRAS, PANELS, parsePageParams } from './params';

const b64 = encodeBase64Url;

describe('parsePageParams', () => {
  it('without parameters shows the whole page and notes nothing', () => {
    const config = parsePageParams('');
    expect(config).toEqual({ embed: false, show: new Set([...PANELS, ...EXTRAS]), paused: false, notes: [] });
  });

  it.each<[string, string[]]>([
    ['?embed', ['graph', 'console']],
    ['?embed=', ['graph', 'console']],
    ['?embed=graph,console', ['graph', 'console']],
    ['?embed=console', ['console']],
    ['?embed=Graph+Inspector', ['graph', 'inspector']],
    ['?embed=graph%20events,share', ['graph', 'events', 'share']],
    ['?embed=all', [...PANELS]],
    ['?embed=all,reset', [...PANELS, 'reset']],
  ])('%s keeps %j', (search, show) => {
    const config = parsePageParams(search);
    expect(config.embed).toBe(true);
    expect([...config.show].sort()).toEqual([...show].sort());
    expect(config.notes).toEqual([]);
  });

  it('reads the clock, the theme, an example and a script', () => {
    const script = '# hi\nkubectl create deployment web --image=nginx\nsleep 30s\nkubectl apply -f - <<EOF\nkind: Pod\nEOF\n';
    const config = parsePageParams(
      `?speed=10&paused&theme=dark&example=https://k8s.io/examples/controllers/nginx-deployment.yaml&script=${b64(script)}`,
    );
    expect(config.notes).toEqual([]);
    expect(config.embed).toBe(false);
    expect(config.speed).toBe(10);
    expect(config.paused).toBe(true);
    expect(config.theme).toBe('dark');
    expect(config.example).toBe('https://k8s.io/examples/controllers/nginx-deployment.yaml');
    expect(config.script?.map((c) => [c.argv, c.stdin])).toEqual([
      [['kubectl', 'create', 'deployment', 'web', '--image=nginx'], undefined],
      [['sleep', '30s'], undefined],
      [['kubectl', 'apply', '-f', '-'], 'kind: Pod\n'],
    ]);
  });

  it.each<[string, Partial<ReturnType<typeof parsePageParams>>]>([
    ['?speed=max', { speed: 'max' }],
    ['?speed=0.5', { speed: 0.5 }],
    ['?speed=100x', { speed: 100 }],
    ['?paused=true', { paused: true }],
    ['?paused=0', { paused: false }],
    ['?theme=light', { theme: 'light' }],
    ['?theme=auto', {}],
    ['?example=controllers/frontend.yaml', { example: 'https://k8s.io/examples/controllers/frontend.yaml' }],
    [`?script=${b64('kubectl get nodes # ünïcode ✓')}`, {}],
  ])('%s', (search, expected) => {
    const config = parsePageParams(search);
    expect(config.notes).toEqual([]);
    expect(config).toMatchObject(expected);
  });

  it('accepts standard base64 with padding for the script', () => {
    const standard = btoa('kubectl get ns # ???'); // "Pz8/": a "/", and padding
    expect(standard).toMatch(/\/.*=$/);
    expect(parsePageParams(`?script=${encodeURIComponent(standard)}`).script?.map((c) => c.text)).toEqual([
      'kubectl get ns # ???',
    ]);
  });

  it.each<[string, RegExp]>([
    [
      '?embed=graph,sidebar',
      /^ignored embed='sidebar': not a part of the page \(use graph, inspector, controlplane, console, manifests, events, share, reset, all\)$/,
    ],
    ['?embed=share', /^embed lists no panel, so it shows graph and console$/],
    ['?speed=7', /^ignored speed='7': use one of 0.5, 1, 2, 5, 10, 100, max$/],
    ['?speed=fast', /^ignored speed='fast'/],
    ['?speed=', /^ignored speed=''/],
    ['?paused=maybe', /^ignored paused='maybe': write paused alone, or paused=true \/ paused=false$/],
    ['?theme=purple', /^ignored theme='purple': use light, dark or auto$/],
    ['?example=ftp://x/y.yaml', /^ignored example='ftp:\/\/x\/y.yaml': give a docs example URL/],
    ['?example=../secrets.yaml', /^ignored example=/],
    ['?example=', /^ignored example=''/],
    ['?script=%%%', /^ignored script=: it is not base64url/],
    ['?script=A', /^ignored script=: it is not base64url/],
    ['?script=_w', /^ignored script=: it is not UTF-8 text/],
    [
      `?script=${b64("kubectl get 'pods")}`,
      /^ignored script=: syntax error at line 1: unterminated quoted string; nothing in it ran$/,
    ],
    [`?script=${b64('kubectl get pods | wc -l')}`, /^ignored script=: syntax error at line 1: unsupported shell operator '\|'/],
    ['?colour=red&utm=x&colour=blue', /^ignored unknown parameters 'colour', 'utm'$/],
  ])('%s is ignored with a note', (search, note) => {
    const config = parsePageParams(search);
    expect(config.notes).toHaveLength(1);
    expect(config.notes[0]).toMatch(note);
  });

  it('keeps what is valid next to what is not, and never throws', () => {
    const config = parsePageParams('?embed=console,bogus&speed=3&paused&theme=dark');
    expect([...config.show]).toEqual(['console']);
    expect(config.speed).toBeUndefined();
    expect(config.paused).toBe(true);
    expect(config.theme).toBe('dark');
    expect(config.notes).toHaveLength(2);
    for (const junk of ['?', '&&&', '?=x', '?embed=%E0%A4%A', `?script=${'A'.repeat(300_000)}`, '?%zz']) {
      expect(() => parsePageParams(junk)).not.toThrow();
    }
  });

  it('an empty script runs nothing and says nothing', () => {
    expect(parsePageParams(`?script=${b64('# only a comment\n\n')}`)).toMatchObject({ notes: [] });
    expect(parsePageParams(`?script=${b64('# only a comment\n\n')}`).script).toBeUndefined();
  });
});
