// Many clients at once: one autocannon instance per endpoint, all running together, so each
// endpoint's latency is its own while the API carries the whole mix.
import autocannon from 'autocannon';
import type { Member } from './seed.ts';

export interface EndpointLoad {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Sets the request's headers and body for each request (varied users and addresses). */
  setup: (n: number) => { headers: Record<string, string>; body?: string };
}

export interface EndpointResult {
  name: string;
  method: string;
  path: string;
  connections: number;
  requests: number;
  requestsPerSec: number;
  status2xx: number;
  status4xx: number;
  status5xx: number;
  /** Connection errors and timeouts (no status at all). */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statusCodes: Record<string, number>;
}

export async function runLoad(base: string, endpoints: EndpointLoad[], seconds: number): Promise<EndpointResult[]> {
  return Promise.all(
    endpoints.map(async (e) => {
      let n = 0;
      const result = await autocannon({
        url: base,
        connections: e.connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            method: e.method,
            path: e.path,
            setupRequest: (request) => {
              const { headers, body } = e.setup(n++);
              return { ...request, headers: { ...request.headers, ...headers }, ...(body === undefined ? {} : { body }) };
            },
          },
        ],
      });
      const statusCodes: Record<string, number> = {};
      for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat.count ?? 0;
      return {
        name: e.name,
        method: e.method,
        path: e.path,
        connections: e.connections,
        requests: result.requests.total,
        requestsPerSec: Math.round(result.requests.total / seconds),
        status2xx: result['2xx'],
        status4xx: result['4xx'],
        status5xx: result['5xx'],
        errors: result.errors,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        statusCodes,
      };
    }),
  );
}

/** The read endpoints a member's pages call, each as some members in turn; and the login mix. */
export function mainEndpoints(members: Member[], total: number): EndpointLoad[] {
  const asMember = (n: number) => ({ headers: { authorization: `Bearer ${members[n % members.length]?.token ?? ''}` } });
  const reads: Array<Omit<EndpointLoad, 'connections' | 'setup'>> = [
    { name: 'active tasks', method: 'GET', path: '/api/scrape/active-tasks' },
    { name: 'scrape history', method: 'GET', path: '/api/scrape/history' },
    { name: 'media history', method: 'GET', path: '/api/media/history?limit=20' },
    { name: 'files', method: 'GET', path: '/api/files' },
    { name: 'analytics dashboard', method: 'GET', path: '/api/analytics/dashboard' },
    { name: 'notifications', method: 'GET', path: '/api/notifications' },
    { name: 'auth/me', method: 'GET', path: '/api/auth/me' },
  ];
  // About a tenth of the clients log in; the rest read.
  const loginConnections = Math.max(1, Math.round(total / 10));
  const perRead = Math.floor((total - loginConnections) / reads.length);
  const spare = total - loginConnections - perRead * reads.length;
  const endpoints: EndpointLoad[] = reads.map((r, i) => ({ ...r, connections: perRead + (i < spare ? 1 : 0), setup: asMember }));
  endpoints.push({
    name: 'login (1 in 5 wrong)',
    method: 'POST',
    path: '/api/auth/login',
    connections: loginConnections,
    setup: (n) => {
      const m = members[n % members.length];
      // A fresh client address per attempt (TRUST_PROXY is on for the bench API), so the per-IP
      // limit of 30 per 10 minutes is not what is measured; wrong passwords go to unknown names,
      // so no member's failure limit locks them out during the run.
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const wrong = n % 5 === 4;
      const body = JSON.stringify(wrong ? { username: `tamu${n}`, password: 'salah-sandi' } : { username: m?.username, password: m?.password });
      return { headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body };
    },
  });
  return endpoints;
}
