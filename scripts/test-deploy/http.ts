// HTTP for `npm run test:deploy`: from a chosen local address, with a cookie jar per person.
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The instance nginx passed the request to (the test config's X-QQ-Upstream header). */
  upstream: string | undefined;
  json<T = Record<string, unknown>>(): T;
}

export interface Send {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  from?: string;
  timeoutMs?: number;
}

export function send(url: string, options: Send = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: Buffer | undefined;
  if (Buffer.isBuffer(options.body)) payload = options.body;
  else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers,
        localAddress: options.from,
        agent: false,
        timeout: options.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            upstream: res.headers['x-qq-upstream'] as string | undefined,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in time`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export class Person {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly email: string,
    readonly from: string,
  ) {}

  async call(baseUrl: string, method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await send(`${baseUrl}${pathname}`, {
      method,
      body,
      from: this.from,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    const lines = answer.headers['set-cookie'] ?? [];
    for (const line of lines) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return answer;
  }
}
