/**
 * Only the gateway reaches PostgREST (issue 23, finding 11): the gateway records the client's
 * address in X-Forwarded-For, which the database's per-client limits read, so a client that could
 * talk to PostgREST directly could claim any address. PostgREST's API listens on a Unix socket
 * only the stack's user may open; on TCP it keeps just its admin server (/live, /ready).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stackInfo } from './stack-info.ts';

const stack = stackInfo();

/** The PostgREST process of this stack: the one whose database URL names the stack's database port. */
function postgrestPid(): number {
  const dbPort = new URL(stack.adminDatabaseUrl).port;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('postgrest')) continue;
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const uri = environ.find((line) => line.startsWith('PGRST_DB_URI='));
      if (uri && new URL(uri.slice('PGRST_DB_URI='.length)).port === dbPort) return Number(entry);
    } catch {
      // A process that ended meanwhile, or one of another user.
    }
  }
  throw new Error(`no PostgREST process for database port ${dbPort}`);
}

/** The TCP ports a process listens on (IPv4 and IPv6), from its socket descriptors and /proc/net. */
function listeningTcpPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const target = (() => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        return '';
      }
    })();
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is field 1 (hex address:port), st field 3 (0A = LISTEN), inode field 9.
      if (fields[3] === '0A' && inodes.has(fields[9] ?? '')) {
        ports.add(Number.parseInt(fields[1]?.split(':')[1] ?? '', 16));
      }
    }
  }
  return [...ports];
}

describe('PostgREST behind the gateway', () => {
  it('serves its API on no TCP port, so no client can hand it a forged X-Forwarded-For', async () => {
    const ports = listeningTcpPorts(postgrestPid());
    // The admin server stays on TCP for health checks.
    expect(ports).toHaveLength(1);
    for (const port of ports) {
      const response = await fetch(`http://127.0.0.1:${port}/public_services?select=slug&limit=1`, {
        headers: { authorization: `Bearer ${stack.anonKey}`, 'x-forwarded-for': '203.0.113.7' },
      });
      await response.arrayBuffer();
      expect(response.status, `port ${port}`).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      // Nor its configuration (the JWT secret) or schema cache, which later PostgREST versions serve there.
      for (const path of ['/config', '/schema_cache']) {
        expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, path).toBe(404);
      }
    }
  });

  it('listens on a socket of mode 600 that another local user cannot open', async () => {
    const socket = statSync(stack.restSocket);
    expect(socket.isSocket()).toBe(true);
    expect({ mode: (socket.mode & 0o777).toString(8), uid: socket.uid }).toEqual({
      mode: '600',
      uid: process.getuid?.(),
    });
    // The user `nobody` (as root here, the test can run a process as them) tries to connect.
    const probe = `require('node:net').connect(${JSON.stringify(stack.restSocket)})
      .on('connect', () => { console.log('connected'); process.exit(0); })
      .on('error', (error) => { console.log(error.code); process.exit(0); });`;
    const child = spawn(process.execPath, ['-e', probe], { uid: 65534, gid: 65534, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.once('exit', resolve));
    expect(output.trim()).toBe('EACCES');
  });
});
