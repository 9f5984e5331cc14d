// What the simulated servers send back to an HTTP GET: the default documents of the images the
// docs use (nginx's welcome page, httpd's "It works!", hello-app's greeting, serve-hostname's pod
// name). Servers whose content the playground does not know answer with an empty body.

/** nginx's welcome page before 1.21.1 (612 bytes) — the nginx:1.14.2 of the docs' Deployments. */
const NGINX_CLASSIC = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
    body {
        width: 35em;
        margin: 0 auto;
        font-family: Tahoma, Verdana, Arial, sans-serif;
    }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

/** nginx's welcome page since 1.21.1 (615 bytes: the color-scheme style). */
const NGINX_CURRENT = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;

const HTTPD_INDEX = '<html><body><h1>It works!</h1></body></html>\n';

/** The tag of a normalised image reference (`docker.io/library/nginx:1.14.2` → `1.14.2`). */
function tagOf(image: string): string {
  const at = image.indexOf('@');
  const ref = at >= 0 ? image.slice(0, at) : image;
  const colon = ref.lastIndexOf(':');
  return colon > ref.lastIndexOf('/') ? ref.slice(colon + 1) : 'latest';
}

/** Whether an nginx tag names a release older than 1.21.1 (aliases like latest are current). */
function nginxBefore1211(tag: string): boolean {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?/.exec(tag);
  if (!m) return false;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return major < 1 || (major === 1 && (minor < 21 || (minor === 21 && patch < 1)));
}

/** The body of a 200 answer to GET `/` from `program`, run from `image` in pod `podName`. */
export function defaultPage(program: string, argv: readonly string[], image: string, podName: string): string {
  if (program === 'nginx') return nginxBefore1211(tagOf(image)) ? NGINX_CLASSIC : NGINX_CURRENT;
  if (program === 'httpd' || program === 'httpd-foreground' || program === 'apache2-foreground') return HTTPD_INDEX;
  if (program === 'hello-app') return `Hello, world!\nVersion: ${helloVersion(tagOf(image))}\nHostname: ${podName}\n`;
  if (program === 'agnhost' && argv[1] === 'serve-hostname') return podName;
  return '';
}

function helloVersion(tag: string): string {
  return /^\d+\.\d+$/.test(tag) ? `${tag}.0` : tag;
}
