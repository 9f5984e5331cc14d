// How the long-lived server programs of catalog images behave towards the kubelet: the ports they
// listen on (for tcpSocket/httpGet/grpc probes), how they answer an HTTP GET, and what SIGTERM does
// to them as PID 1. Programs not listed here are "custom servers": any port, HTTP 200 everywhere,
// and TERM ends them at once with 143 (the default action: killed by signal 15), unless the image
// catalog supplies a stop behaviour.

export type TermBehavior = { readonly code: number; readonly afterMs: number } | 'ignore';

export interface ServerModel {
  /** Ports it listens on; undefined: unknown (any port connects). */
  readonly ports?: readonly number[];
  /** False for programs that block forever without any socket (`sleep infinity`, `tail -f`, pause). */
  readonly listens?: false;
  /** SIGTERM delivered to it as PID 1. */
  readonly onTerm: TermBehavior;
  /** HTTP status for GET path, `uptimeMs` after it started; undefined when it does not speak HTTP. */
  readonly http?: (path: string, uptimeMs: number) => number;
  /** For non-HTTP servers: the Go HTTP client's error after its request (without the `Get "url": ` prefix). */
  readonly httpError?: string;
}

/** A static site with only an index page (nginx's and httpd's default document roots). */
const indexOnly = (path: string) => (path === '/' || path === '/index.html' ? 200 : 404);
const anyPath = () => 200;

/** SIGTERM → graceful exit 0 after a short shutdown (nginx "fast shutdown", httpd "stop"). */
const exitsCleanly = (afterMs: number): TermBehavior => ({ code: 0, afterMs });

const NGINX: ServerModel = { ports: [80], onTerm: exitsCleanly(100), http: indexOnly };
const HTTPD: ServerModel = { ports: [80], onTerm: exitsCleanly(100), http: indexOnly };

const MODELS: Readonly<Record<string, ServerModel>> = {
  nginx: NGINX,
  httpd: HTTPD,
  'httpd-foreground': HTTPD,
  'apache2-foreground': HTTPD,
  'redis-server': {
    ports: [6379],
    onTerm: exitsCleanly(100), // saves the RDB snapshot, "ready to exit, bye bye…"
    // Redis reads "GET / HTTP/1.1" as an inline GET with too many arguments.
    httpError: `net/http: HTTP/1.x transport connection broken: malformed HTTP response "-ERR wrong number of arguments for 'get' command"`,
  },
  mysqld: { ports: [3306, 33060], onTerm: exitsCleanly(1500), httpError: 'EOF' },
  pause: { ports: [], listens: false, onTerm: exitsCleanly(0) },
  // registry.k8s.io/goproxy: a forward proxy that refuses plain requests with 500.
  goproxy: { ports: [8080], onTerm: { code: 143, afterMs: 0 }, http: () => 500 },
  'hello-app': { ports: [8080], onTerm: { code: 143, afterMs: 0 }, http: anyPath },
  // Not servers: PID 1 without a SIGTERM handler, so the kernel drops the signal.
  sleep: { ports: [], listens: false, onTerm: 'ignore' },
  tail: { ports: [], listens: false, onTerm: 'ignore' },
};

/** agnhost is one binary with many subcommands (`args: [liveness]` in the probes tutorial). */
function agnhost(sub: string | undefined): ServerModel {
  const go = { code: 143, afterMs: 0 };
  switch (sub) {
    case 'liveness':
      // The tutorial's server: /healthz answers 200 for the first 10 s, then 500.
      return { ports: [8080], onTerm: go, http: (path, up) => (path === '/healthz' ? (up < 10_000 ? 200 : 500) : 404) };
    case 'netexec':
      return { ports: [8080, 8081], onTerm: go, http: anyPath };
    case 'serve-hostname':
      return { ports: [9376], onTerm: go, http: anyPath };
    case 'test-webserver':
      return { ports: [80], onTerm: go, http: anyPath };
    case 'pause':
      return { ports: [], listens: false, onTerm: exitsCleanly(0) };
    default:
      return { onTerm: go, http: anyPath };
  }
}

/** The model for a serving argv (program first), or undefined for a custom program. */
export function serverModel(argv: readonly string[]): ServerModel | undefined {
  const prog = (argv[0] ?? '').slice((argv[0] ?? '').lastIndexOf('/') + 1);
  if (prog === 'agnhost') return agnhost(argv[1]);
  return MODELS[prog];
}
