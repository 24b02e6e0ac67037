// The alert rules (deploy/prometheus/alerts.yml) checked and unit-tested by Prometheus's own promtool (Debian's
// `prometheus` package; .ci/run installs it): `check rules` parses them and their queries, `test rules` runs
// alerts.test.yml, where each alert fires on the failure it names. The example configuration is checked too.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'deploy/prometheus');
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((file) => existsSync(file));
if (!promtool) console.warn('SKIPPED: promtool is missing (apt-get install prometheus): the alert rules are not checked');

function run(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(promtool!, args, { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'qq-promtool-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!promtool)('the Prometheus alert rules (promtool)', () => {
  it('parse, with valid queries', () => {
    const { status, output } = run('check', 'rules', 'alerts.yml');
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
    expect(status).toBe(0);
  });

  it('fire on the failures they name, and not before their `for` (alerts.test.yml)', () => {
    const { status, output } = run('test', 'rules', 'alerts.test.yml');
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('each have a section of docs/runbook.md, and each is tested', () => {
    const names = [...readFileSync(path.join(dir, 'alerts.yml'), 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]!);
    const runbook = readFileSync(path.join(root, 'docs/runbook.md'), 'utf8');
    const tests = readFileSync(path.join(dir, 'alerts.test.yml'), 'utf8');
    for (const name of names) {
      expect(runbook, `docs/runbook.md has no "## ${name}"`).toContain(`\n## ${name}\n`);
      expect(tests, `alerts.test.yml never expects ${name}`).toMatch(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:`));
    }
  });

  it('catch a broken rule: a query promtool cannot parse fails the check', () => {
    const broken = path.join(scratch, 'broken.yml');
    writeFileSync(broken, readFileSync(path.join(dir, 'alerts.yml'), 'utf8').replace('> 120', '> > 120'));
    expect(run('check', 'rules', broken).status).not.toBe(0);
  });

  it("the Grafana dashboard's queries parse, and name only metrics the server exports", () => {
    const dashboard = JSON.parse(readFileSync(path.join(root, 'deploy/grafana/quackquest.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    expect(exprs.length).toBeGreaterThan(15);
    // As recording rules, with Grafana's variables given values: promtool parses each query.
    const rules = exprs.map((expr, i) => {
      const query = expr.replaceAll('$__rate_interval', '1m').replaceAll('$job', 'quackquest');
      return `      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(query)}`;
    });
    const file = path.join(scratch, 'dashboard-rules.yml');
    writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
    const { status, output } = run('check', 'rules', file);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
    // Every qq_ metric of the dashboard and the alerts is one the server's sources define.
    const server = path.join(root, 'apps/server/src/http');
    const defined = ['metrics.ts', 'failure-counters.ts', 'database-metrics.ts']
      .map((file) => readFileSync(path.join(server, file), 'utf8'))
      .join('\n');
    const alerts = readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
    const used = new Set(
      [...`${exprs.join('\n')}\n${alerts}`.matchAll(/\b(qq_[a-z_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]!),
    );
    for (const name of used) expect(defined, `${name} is not a metric of the server`).toContain(`'${name}'`);
  });

  it('the example configuration loads the rules and scrapes both instances with the token', () => {
    copyFileSync(path.join(dir, 'alerts.yml'), path.join(scratch, 'alerts.yml'));
    writeFileSync(path.join(scratch, 'token'), 'a-metrics-token-for-promtool');
    const config = readFileSync(path.join(dir, 'prometheus.yml'), 'utf8').replace(
      '/etc/prometheus/quackquest-metrics-token',
      path.join(scratch, 'token'),
    );
    writeFileSync(path.join(scratch, 'prometheus.yml'), config);
    const output = execFileSync(promtool!, ['check', 'config', path.join(scratch, 'prometheus.yml')], { encoding: 'utf8' });
    expect(output).toMatch(/SUCCESS: 1 rule files found/);
  });
});
