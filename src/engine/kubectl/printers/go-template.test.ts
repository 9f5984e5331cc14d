// The go-template subset, checked against what real kubectl (client side, --dry-run=client)
// printed for the same templates over `create deployment web --image=nginx --replicas=2`.

import { describe, expect, it } from 'vitest';
import { GoTemplate, GoTemplateExecError, GoTemplateParseError } from './go-template';

const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', creationTimestamp: null, labels: { app: 'web' } },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    strategy: {},
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ image: 'nginx', name: 'nginx', resources: {} }] } },
  },
  status: {},
};

const run = (t: string) => GoTemplate.parse(t).execute(deployment);

describe('go-template', () => {
  it('prints fields, whole numbers as int64 and missing keys as <no value>', () => {
    expect(run('{{printf "%d %v %s %.2f" .spec.replicas .spec.replicas .spec.replicas .spec.replicas}}')).toBe(
      '2 2 %!s(int64=2) %!f(int64=02)',
    );
    expect(run('{{index .metadata.labels "app"}} {{len .spec.template.spec.containers}} {{.nope}} {{.nope.deeper}}')).toBe(
      'web 1 <no value> <no value>',
    );
    expect(run('{{range .metadata}}{{.}} {{end}}')).toBe('<no value> map[app:web] web ');
    expect(run('{{index .spec.template.spec.containers 0 | printf "%v"}}')).toBe('map[image:nginx name:nginx resources:map[]]');
  });

  it('runs range, if, with, variables and the comparison functions', () => {
    expect(run('{{range $i, $c := .spec.template.spec.containers}}{{$i}}:{{$c.name}} {{end}}')).toBe('0:nginx ');
    expect(run('{{if and .spec .metadata.labels}}ok{{end}} {{or .nope "dflt"}} {{not .spec}}')).toBe('ok dflt false');
    expect(run('{{with .metadata}}{{.name}}{{end}} {{$x := 5}}{{$x}}')).toBe('web 5');
    expect(run('{{eq "a" "b" "a"}} {{ne 1 2}} {{eq .spec.replicas 2}}')).toBe('true true true');
    expect(run('{{range .nope}}x{{else}}empty{{end}}')).toBe('empty');
    expect(run('{{ .metadata.name | printf "%s-%s" "x" }}')).toBe('x-web');
    expect(run('{{exists . "metadata" "name"}} {{exists . "nope"}}')).toBe('true false');
    expect(run('a  {{- " b " -}}  c')).toBe('a b c');
  });

  it('formats printf verbs as fmt does', () => {
    expect(run('{{printf "%5.1f|%05d|%x|%X|%c|%t" 3.14159 42 255 "hi" 65 true}}')).toBe('  3.1|00042|ff|6869|A|true');
    expect(run('{{printf "%s"}} {{printf "%d" 1 2}}')).toBe('%!s(MISSING) 1%!(EXTRA int=2)');
    expect(run('{{print 1 2 "a" 3}} {{println 1 "x"}}')).toBe('1 2a3 1 x\n');
  });

  it('fails as text/template does, with the failing node and its position', () => {
    const fail = (t: string) => {
      try {
        run(t);
      } catch (e) {
        if (e instanceof GoTemplateExecError) return e.message;
        throw e;
      }
      return 'no error';
    };
    expect(fail('{{index .spec.template.spec.containers 3}}')).toBe(
      'template: output:1:2: executing "output" at <index .spec.template.spec.containers 3>: error calling index: index out of range: 3',
    );
    expect(fail('{{lt 1 2.5}}')).toBe(
      'template: output:1:2: executing "output" at <lt 1 2.5>: error calling lt: incompatible types for comparison',
    );
    expect(fail('{{.spec.replicas | len}}')).toBe(
      'template: output:1:19: executing "output" at <len>: error calling len: len of type int64',
    );
    expect(fail('{{.metadata.name.x}}')).toBe(
      'template: output:1:11: executing "output" at <.metadata.name.x>: can\'t evaluate field x in type interface {}',
    );
  });

  it("refuses what it cannot parse with Go's messages", () => {
    expect(() => GoTemplate.parse('{{.metadata.name}')).toThrow(
      new GoTemplateParseError("template: output:1: bad character U+007D '}'"),
    );
    expect(() => GoTemplate.parse('{{foo .}}')).toThrow(
      new GoTemplateParseError('template: output:1: function "foo" not defined'),
    );
    expect(() => GoTemplate.parse('{{if .a}}x')).toThrow(GoTemplateParseError);
    expect(() => GoTemplate.parse('{{end}}')).toThrow(new GoTemplateParseError('template: output:1: unexpected {{end}}'));
    expect(() => GoTemplate.parse('{{$x}}')).toThrow(new GoTemplateParseError('template: output:1: undefined variable "$x"'));
  });
});
