import dns from 'node:dns';
import net from 'node:net';
import { badRequest } from '../../lib/errors';

/**
 * Where a webhook may be delivered (SSRF). A URL whose host resolves to an address of the instance's
 * own networks — loopback, private, link-local, CGNAT, "this network", multicast/reserved, the cloud
 * metadata endpoints — is refused at registration and again at every connection, because DNS can
 * change between the two: the delivery resolves the name itself, checks every address, and connects
 * only to the address it checked (the `lookup` below). Host names listed in VIGIL_WEBHOOK_ALLOW_HOSTS
 * (as written in the URL) are exempt; an allow-listed name does not exempt another name that
 * resolves to the same address.
 */
const RANGES: Array<[string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', '"this network" (0.0.0.0/8)'],
  ['10.0.0.0', 8, 'ipv4', 'private (10.0.0.0/8)'],
  ['100.64.0.0', 10, 'ipv4', 'CGNAT (100.64.0.0/10)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback (127.0.0.0/8)'],
  ['169.254.0.0', 16, 'ipv4', 'link-local / cloud metadata (169.254.0.0/16)'],
  ['172.16.0.0', 12, 'ipv4', 'private (172.16.0.0/12)'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments (192.0.0.0/24)'],
  ['192.168.0.0', 16, 'ipv4', 'private (192.168.0.0/16)'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking (198.18.0.0/15)'],
  ['224.0.0.0', 4, 'ipv4', 'multicast (224.0.0.0/4)'],
  ['240.0.0.0', 4, 'ipv4', 'reserved (240.0.0.0/4)'],
  ['::', 128, 'ipv6', 'unspecified (::)'],
  ['::1', 128, 'ipv6', 'loopback (::1)'],
  // IPv4-mapped and NAT64 addresses reach IPv4 hosts (127.0.0.1 included) by another spelling.
  ['::ffff:0:0', 96, 'ipv6', 'IPv4-mapped (::ffff:0:0/96)'],
  ['64:ff9b::', 96, 'ipv6', 'NAT64 (64:ff9b::/96)'],
  ['fc00::', 7, 'ipv6', 'unique local / cloud metadata (fc00::/7)'],
  ['fe80::', 10, 'ipv6', 'link-local (fe80::/10)'],
  ['ff00::', 8, 'ipv6', 'multicast (ff00::/8)'],
];
const BLOCKS = RANGES.map(([address, prefix, family, name]) => {
  const list = new net.BlockList();
  list.addSubnet(address, prefix, family);
  return { list, family, name };
});

/** The name of the refused range `address` falls in, or null when it may be reached. */
export function refusedRange(address: string): string | null {
  const family = net.isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return BLOCKS.find((block) => block.family === type && block.list.check(address, type))?.name ?? null;
}

/** The URL's host as the allow-list and the resolver take it (IPv6 literals without brackets). */
export const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
}

function refusal(host: string, address: string, range: string): RefusedAddressError {
  return new RefusedAddressError(
    `${host === address ? address : `${host} resolves to ${address}, which`} is ${range}: webhooks are not delivered to internal addresses (allow a host with VIGIL_WEBHOOK_ALLOW_HOSTS)`,
  );
}

/**
 * `lookup` for http(s).request: resolves like the default, then refuses the whole answer if any
 * address is internal (an attacker's DNS may mix a public and a private answer), so the socket
 * connects only to an address checked here. IP literals never reach a lookup: see checkLiteralHost.
 */
export function guardedLookup(allowHosts: readonly string[]): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (!allowHosts.includes(hostname.toLowerCase())) {
        for (const { address } of list) {
          const range = refusedRange(address);
          if (range) return callback(refusal(hostname, address, range), '', 0);
        }
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** An IP literal host is connected to without a lookup: checked here instead. */
export function checkLiteralHost(url: URL, allowHosts: readonly string[]): void {
  const host = hostOf(url);
  if (net.isIP(host) === 0 || allowHosts.includes(host)) return;
  const range = refusedRange(host);
  if (range) throw refusal(host, host, range);
}

/** Registration: an absolute http(s) URL whose host resolves only to public addresses; 400 naming `url` else. */
export async function checkWebhookUrl(raw: string, allowHosts: readonly string[]): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('url must be an absolute http(s) URL', 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must be an absolute http(s) URL', 'url');
  if (url.username || url.password) throw badRequest('url must not carry credentials', 'url');
  if (raw.length > 2048) throw badRequest('url must be at most 2048 characters', 'url');
  const host = hostOf(url);
  if (allowHosts.includes(host)) return url.toString();
  try {
    checkLiteralHost(url, allowHosts);
    if (net.isIP(host) === 0) {
      const addresses = await dns.promises.lookup(host, { all: true });
      for (const { address } of addresses) {
        const range = refusedRange(address);
        if (range) throw refusal(host, address, range);
      }
    }
  } catch (error) {
    if (error instanceof RefusedAddressError) throw badRequest(`url: ${error.message}`, 'url');
    throw badRequest(`url: ${host} does not resolve`, 'url');
  }
  return url.toString();
}
