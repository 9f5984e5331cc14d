// The programs on the PATH of the images the docs use, so a command the image does not have fails
// to start as it does with containerd and runc: `exec: "x": executable file not found in $PATH`
// (an absolute path that is not there: `stat /x: no such file or directory`). Only the images
// listed here are checked; any other image (custom ones, or images whose contents the playground
// does not know) runs whatever it is asked to.

/** BusyBox's applets (busybox and alpine images link them all into /bin and /usr/bin). */
const BUSYBOX = [
  'ash',
  'awk',
  'base64',
  'basename',
  'busybox',
  'cat',
  'chmod',
  'chown',
  'clear',
  'cp',
  'cut',
  'date',
  'dd',
  'df',
  'dirname',
  'du',
  'echo',
  'env',
  'expr',
  'false',
  'find',
  'free',
  'grep',
  'gunzip',
  'gzip',
  'head',
  'hostname',
  'httpd',
  'id',
  'ifconfig',
  'ip',
  'kill',
  'less',
  'ln',
  'ls',
  'md5sum',
  'mkdir',
  'more',
  'mount',
  'mv',
  'nc',
  'netstat',
  'nohup',
  'nproc',
  'nslookup',
  'od',
  'ping',
  'printenv',
  'printf',
  'ps',
  'pwd',
  'readlink',
  'realpath',
  'rm',
  'rmdir',
  'sed',
  'seq',
  'sh',
  'sha256sum',
  'sleep',
  'sort',
  'stat',
  'sync',
  'tail',
  'tar',
  'tee',
  'telnet',
  'test',
  '[',
  'time',
  'timeout',
  'top',
  'touch',
  'tr',
  'traceroute',
  'true',
  'uname',
  'uniq',
  'unzip',
  'usleep',
  'vi',
  'watch',
  'wc',
  'wget',
  'which',
  'whoami',
  'xargs',
  'yes',
];

/** A Debian / Ubuntu base: coreutils, bash, dash, grep, sed, mawk, findutils, apt — no wget, curl, nc, ps. */
const DEBIAN = [
  'apt',
  'apt-get',
  'awk',
  'base64',
  'basename',
  'bash',
  'cat',
  'chmod',
  'chown',
  'cp',
  'cut',
  'dash',
  'date',
  'dd',
  'df',
  'dirname',
  'dpkg',
  'du',
  'echo',
  'env',
  'expr',
  'false',
  'find',
  'grep',
  'gunzip',
  'gzip',
  'head',
  'hostname',
  'id',
  'kill',
  'ln',
  'ls',
  'md5sum',
  'mkdir',
  'mount',
  'mv',
  'nohup',
  'nproc',
  'perl',
  'printenv',
  'printf',
  'pwd',
  'readlink',
  'realpath',
  'rm',
  'rmdir',
  'sed',
  'seq',
  'sh',
  'sha256sum',
  'sleep',
  'sort',
  'stat',
  'sync',
  'tail',
  'tar',
  'tee',
  'test',
  '[',
  'timeout',
  'touch',
  'tr',
  'true',
  'uname',
  'uniq',
  'wc',
  'which',
  'whoami',
  'xargs',
  'yes',
];

const IMAGES: Record<string, readonly string[]> = {
  'docker.io/library/busybox': BUSYBOX,
  'registry.k8s.io/busybox': BUSYBOX,
  'docker.io/library/alpine': [...BUSYBOX, 'apk'],
  'docker.io/library/debian': DEBIAN,
  'docker.io/library/ubuntu': DEBIAN,
  'docker.io/library/nginx': [...DEBIAN, 'nginx', 'curl', 'docker-entrypoint.sh', '/docker-entrypoint.sh'],
  'docker.io/library/redis': [...DEBIAN, 'redis-server', 'redis-cli', 'docker-entrypoint.sh'],
  'docker.io/library/httpd': [...DEBIAN, 'httpd', 'httpd-foreground', 'apachectl'],
  'docker.io/library/perl': [...DEBIAN, 'perl', 'cpan', 'docker-entrypoint.sh', 'curl', 'wget'],
};

/** The directories of the default PATH an absolute command may name. */
const PATH_DIRS = ['/bin', '/usr/bin', '/sbin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin'];

/**
 * Why runc cannot start `program` in the image `repository` (undefined: it can, or the image's
 * contents are not known).
 */
export function missingExecutable(repository: string, program: string | undefined): string | undefined {
  const known = IMAGES[repository];
  if (!known || program === undefined) return undefined;
  if (program.startsWith('/')) {
    if (known.includes(program)) return undefined;
    const slash = program.lastIndexOf('/');
    const dir = program.slice(0, slash) || '/';
    if (PATH_DIRS.includes(dir) && known.includes(program.slice(slash + 1))) return undefined;
    return `exec: ${JSON.stringify(program)}: stat ${program}: no such file or directory`;
  }
  if (program.includes('/')) return undefined; // a relative path: depends on the working directory
  return known.includes(program) ? undefined : `exec: ${JSON.stringify(program)}: executable file not found in $PATH`;
}

/** containerd's whole message for a container whose process could not be started. */
export function startErrorMessage(reason: string): string {
  return `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${reason}: unknown`;
}
