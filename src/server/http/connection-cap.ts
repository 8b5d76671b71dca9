// The per-address cap on open connections: a host that opens more than its share (20,000 slow
// connections once took every file descriptor) is answered 429 and closed at once, before a byte
// of its request is read, while other addresses are served. It counts socket peers: behind a
// reverse proxy every client shares the proxy's address, so the peers `--trust-proxy` names are not
// capped, and the proxy keeps the per-client limit (README: "Behind a reverse proxy").
import { STATUS_CODES, type Server } from 'node:http';
import { BlockList, isIPv4, type Socket } from 'node:net';
import { failures } from '../errors.js';

// proxy-addr's range names, as fastify's trustProxy takes them beside addresses and CIDR ranges.
const RANGE_NAMES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** A dual-stack socket names an IPv4 peer as ::ffff:a.b.c.d; the cap and the list use a.b.c.d. */
function peerAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function trustedPeers(trustProxy: string | undefined): (address: string) => boolean {
  if (!trustProxy) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy.split(',').flatMap((name) => RANGE_NAMES[name.trim()] ?? [name.trim()])) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

function refuse(socket: Socket): void {
  // Node's http server never sees this socket, so nothing else would handle its errors (a reset).
  socket.on('error', () => {});
  const refusal = failures.tooManyConnections();
  const body = JSON.stringify(refusal.body);
  // Its descriptor is released as soon as the answer is handed to the kernel, which still sends it:
  // a flood of connections holds no more descriptors than the cap allows, whatever the peer does.
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/**
 * Wraps the server's own 'connection' listeners (Node's HTTP parser among them), so a refused
 * socket never reaches them: no request of it is parsed, let alone served.
 */
export function capConnectionsPerIp(server: Server, perIp: number, trustProxy: string | undefined): void {
  if (perIp <= 0) return;
  const trusted = trustedPeers(trustProxy);
  const open = new Map<string, number>();
  const admitted = (socket: Socket): boolean => {
    const address = peerAddress(socket);
    if (trusted(address)) return true;
    const count = (open.get(address) ?? 0) + 1;
    if (count > perIp) return false;
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
    return true;
  };
  const serve = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!admitted(socket)) return refuse(socket);
    for (const listener of serve) listener.call(server, socket);
  });
}
