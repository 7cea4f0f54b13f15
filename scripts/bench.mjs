// `npm run bench` (docs/guides/performance.md): builds the portal (package.json) and here a
// React-only floor page with the same Vite, then measures both side by side in one run: initial JS,
// Lighthouse mobile on the production server, what a customer feels in the wizard and My tickets,
// and the sandbox's start. Prints one markdown table and writes it as JSON to
// .bench/bench-results.json; a full run (no option below, the default dist/) also writes it to
// docs/generated/bench.md, which the README links. Runs under tsx (the measures are TypeScript in
// scripts/bench/).
//
//   --no-lighthouse        everything but Lighthouse (a few minutes less)
//   --only=bytes,lighthouse,wizard,tickets,offline,sandbox   only those sections
//   --runs=N               Lighthouse runs per page (3)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { biggestLazyFile, initialKiB, precacheKiB, readBuild } from './bench/bytes.ts';
import { entryFilesOf, pages } from './page-files.ts';
import { markdownTable, median, percentile, resultOf } from './bench/stats.ts';
import { benchReport, reportFile } from './bench/report.ts';
import { repo, rssMB, startServer } from './bench/servers.ts';

const args = process.argv.slice(2);
const sections = ['bytes', 'lighthouse', 'wizard', 'tickets', 'offline', 'sandbox'];
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
for (const name of only ?? []) if (!sections.includes(name)) throw new Error(`--only: unknown section ${name} (${sections.join(', ')})`);
const wanted = (name) => (only ? only.includes(name) : name !== 'lighthouse' || !args.includes('--no-lighthouse'));
const lighthouseRuns = Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 3);

const bench = path.join(repo, '.bench');
const dist = path.resolve(repo, process.env.PORTAL_DIST ?? 'dist');
const floorDist = path.join(bench, 'floor-dist');
// Ports of the bench's own servers, away from npm start (5173) and the browser tests (4173).
const basePort = Number(process.env.BENCH_PORT ?? 4390);
const demo = { email: 'deuti@example.com', password: 'Demo-Portal-2026!' };
const log = (message) => console.error(`[bench] ${message}`);
mkdirSync(bench, { recursive: true });

const portalBuild = readBuild(dist);
log(`floor: building scripts/bench/floor into ${path.relative(repo, floorDist)}`);
execFileSync(path.join(repo, 'node_modules/.bin/vite'), ['build', '--config', 'scripts/bench/floor/vite.config.ts'], {
  cwd: repo,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PATH: `${path.join(repo, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
    FLOOR_OUT_DIR: floorDist,
    VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
  },
});
// The same headers as the portal's build, so both are served alike.
if (existsSync(path.join(dist, '_headers'))) copyFileSync(path.join(dist, '_headers'), path.join(floorDist, '_headers'));
const floorBuild = readBuild(floorDist);
const floorJs = initialKiB(floorBuild, { routes: [] });

const rows = [];
const details = {};

if (wanted('bytes')) {
  log('bytes: initial JS from index.html and the manifest');
  rows.push({ measure: 'Start page / initial JS, gzip', unit: 'KiB', portal: initialKiB(portalBuild, pages.start), floor: floorJs, target: { max: 120 } });
  rows.push({ measure: '/order initial JS, gzip', unit: 'KiB', portal: initialKiB(portalBuild, pages.order), floor: floorJs, target: { max: 165 } });
  rows.push({ measure: '/app/dashboard initial JS, gzip', unit: 'KiB', portal: initialKiB(portalBuild, pages.dashboard), floor: floorJs });
  const biggest = biggestLazyFile(dist, portalBuild.html, portalBuild.manifest);
  rows.push({
    measure: 'Biggest lazily loaded JS file, gzip',
    unit: 'KiB',
    portal: biggest && biggest.bytes / 1024,
    floor: floorJs,
    target: { max: 45 },
    note: biggest?.name,
  });
  details.entry = entryFilesOf(portalBuild.html);
  const precache = await precacheKiB(dist);
  rows.push({
    measure: 'Service worker precache (first visit, after load), gzip',
    unit: 'KiB',
    portal: precache.kib,
    target: { max: 470 },
    note: `${precache.files} files; budget in tests/build/precache-budget.test.ts`,
  });
}

const needsServers = ['bytes', 'lighthouse', 'wizard', 'tickets', 'offline'].some(wanted);
const portal = needsServers ? await startServer({ port: basePort, dist, database: path.join(bench, 'sandbox-portal.db') }) : undefined;
const floor = needsServers ? await startServer({ port: basePort + 1, dist: floorDist, database: path.join(bench, 'sandbox-floor.db') }) : undefined;
try {
  if (wanted('lighthouse')) {
    const { lighthouse } = await import('./bench/lighthouse.ts');
    log(`lighthouse: floor, ${lighthouseRuns} runs`);
    const floorLh = await lighthouse(`${floor.origin}/`, { runs: lighthouseRuns });
    details.lighthouse = { floor: floorLh };
    for (const [label, page, target, signInAs] of [
      ['Start page /', '/', 95],
      ['/order', '/order', 90],
      ['/app/dashboard (signed in)', '/app/dashboard', 90, demo],
    ]) {
      log(`lighthouse: ${page}, ${lighthouseRuns} runs`);
      const lh = await lighthouse(`${portal.origin}${page}`, { runs: lighthouseRuns, signInAs });
      details.lighthouse[page] = lh;
      const note = `median of ${lh.runs.length}: ${lh.runs.map((run) => run.score).join(', ')}`;
      rows.push({
        measure: `${label} Lighthouse mobile score`,
        unit: 'score',
        portal: lh.score,
        floor: floorLh.score,
        target: target && { min: target },
        note,
      });
      rows.push({ measure: `${label} LCP`, unit: 's', portal: lh.lcp, floor: floorLh.lcp });
      rows.push({ measure: `${label} FCP`, unit: 's', portal: lh.fcp, floor: floorLh.fcp });
      rows.push({ measure: `${label} TBT`, unit: 'ms', portal: lh.tbt, floor: floorLh.tbt });
    }
  }

  if (['bytes', 'wizard', 'tickets', 'offline'].some(wanted)) {
    const browserModule = await import('./bench/browser.ts');
    const browser = await browserModule.launch();
    try {
      if (wanted('bytes')) {
        log('bytes: JS the pages fetch in Chromium until the network is idle');
        const floorFetched = await browserModule.fetchedJsKiB(browser, floor.origin, floorDist, '/');
        for (const [label, page, target, account] of [
          ['Start page / JS fetched until idle, gzip', '/', 120],
          ['/order JS fetched until idle, gzip', '/order', 165],
          ['/app/dashboard JS fetched until idle, gzip', '/app/dashboard', undefined, demo],
        ]) {
          const fetched = await browserModule.fetchedJsKiB(browser, portal.origin, dist, page, account);
          rows.push({
            measure: label,
            unit: 'KiB',
            portal: fetched.kib,
            floor: floorFetched.kib,
            target: target && { max: target },
            note: `${fetched.files.length} files`,
          });
        }
      }
      if (wanted('wizard')) {
        // Pressed as a hand presses (the target), and pressed and released at once, as Playwright
        // clicks by default: its figure counts the press's own work too (scripts/bench/browser.ts).
        const press = browserModule.handPressMs;
        log(`wizard: 20 step changes at 4× CPU slowdown, the button held ${press} ms, then 20 pressed and released at once`);
        const held = await browserModule.wizardStepTimes(browser, portal.origin, { changes: 20, rate: 4, pressMs: press });
        const atOnce = await browserModule.wizardStepTimes(browser, portal.origin, { changes: 20, rate: 4, pressMs: 0 });
        const times = held.map((change) => change.frame);
        const instant = atOnce.map((change) => change.frame);
        // The browser's own figure (Event Timing), where it reported one for the click.
        const presented = held.map((change) => change.presented).filter((ms) => ms !== undefined);
        details.wizard = times;
        details.wizardInstantPress = instant;
        details.wizardChanges = { held, atOnce };
        rows.push({
          measure: 'Wizard: Next → next step heading, p95',
          unit: 'ms',
          portal: percentile(times, 95),
          target: { max: 100 },
          note: `4× CPU, ${times.length} changes, pressed ${press} ms, median ${Math.round(median(times))} ms`,
        });
        if (presented.length > 0)
          rows.push({
            measure: 'Wizard, Event Timing of the same clicks (to the next frame on screen): p95',
            unit: 'ms',
            portal: percentile(presented, 95),
            note: `${presented.length} clicks reported, median ${Math.round(median(presented))} ms`,
          });
        rows.push({
          measure: 'Wizard, pressed and released at once: p95',
          unit: 'ms',
          portal: percentile(instant, 95),
          note: `4× CPU, ${instant.length} changes, median ${Math.round(median(instant))} ms`,
        });
      }
      if (wanted('tickets')) {
        const response = await fetch(`${portal.origin}/__sandbox/customers`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ orders: 500 }),
        });
        if (response.status !== 201) throw new Error(`POST /__sandbox/customers answered ${response.status}`);
        const customer = await response.json();
        details.tickets = {};
        for (const rate of [1, 4]) {
          log(`tickets: My tickets of a bulk customer at ${rate}× CPU`);
          const timing = await browserModule.ticketsListTime(browser, portal.origin, customer, rate);
          details.tickets[`${rate}x`] = timing;
          const note = `${rate}× CPU, ${timing.items} items shown of ${timing.orders} orders${timing.lateScripts ? `, ${timing.lateScripts} scripts after the data` : ''}`;
          rows.push({ measure: 'My tickets: data there → list shown', unit: 'ms', portal: timing.ms, target: rate === 1 ? { max: 150 } : undefined, note });
        }
      }
      if (wanted('offline')) {
        log('offline: the ticket page again in airplane mode at 4× CPU, 5 loads');
        const times = await browserModule.offlineTicketTime(browser, portal.origin, demo, 4);
        details.offline = times;
        rows.push({
          measure: 'Offline, repeat visit: navigation → barcode on screen, median',
          unit: 'ms',
          portal: median(times),
          target: { max: 1000 },
          note: `4× CPU, ${times.length} loads: ${times.map((ms) => Math.round(ms)).join(', ')}`,
        });
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await portal?.stop();
  await floor?.stop();
}

if (wanted('sandbox')) {
  // The sandbox server as `npm run start:dist` runs it (without npm), spawn to its first API answer;
  // RSS of the node process that serves. A first start seeds an empty database.
  const database = path.join(bench, 'sandbox-start.db');
  const runs = [];
  for (let i = 0; i < 4; i += 1) {
    const server = await startServer({ port: basePort + 2, dist, database, keepDatabase: i > 0 });
    runs.push({ ms: server.readyMs, mb: rssMB(server.pid), fresh: i === 0 });
    await server.stop();
  }
  details.sandbox = runs;
  log(`sandbox: ${runs.map((run) => `${Math.round(run.ms)} ms ${Math.round(run.mb)} MB`).join(', ')}`);
  const warm = runs.filter((run) => !run.fresh);
  const note = `median of ${warm.length} starts on a seeded database`;
  rows.push({ measure: 'Sandbox start: spawn → first API answer', unit: 's', portal: median(warm.map((run) => run.ms)), target: { max: 1500 }, note });
  rows.push({ measure: 'Sandbox memory at its first answer (RSS)', unit: 'MB', portal: median(warm.map((run) => run.mb)), target: { max: 150 }, note });
  rows.push({
    measure: 'Sandbox first start (seeds an empty database)',
    unit: 's',
    portal: runs[0].ms,
    target: { max: 1500 },
    note: `${Math.round(runs[0].mb)} MB`,
  });
}

const table = markdownTable(rows);
console.log(`\n${table}\n`);
console.log(
  `Floor: React + react-dom only (scripts/bench/floor), built and served the same way. ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}.`,
);
let commit;
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo }).toString().trim();
} catch {
  commit = undefined;
}
const results = { date: new Date().toISOString(), commit, cores: os.cpus().length, load: os.loadavg(), rows: rows.map(resultOf), table, details };
writeFileSync(path.join(bench, 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
log(`written .bench/bench-results.json`);
// Only a full run of the default build replaces the table the README links.
const fullRun = only === undefined && !args.includes('--no-lighthouse') && lighthouseRuns === 3 && process.env.PORTAL_DIST === undefined;
if (fullRun) {
  mkdirSync(path.dirname(path.join(repo, reportFile)), { recursive: true });
  writeFileSync(path.join(repo, reportFile), benchReport({ date: results.date, commit, cores: results.cores, load: results.load, rows }));
  log(`written ${reportFile}`);
} else {
  log(`${reportFile} not written: only a full run (no options, the default dist/) writes it`);
}
