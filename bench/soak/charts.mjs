// The soak's per-minute series as PNG line charts (bench/results/soak-*.png): drawn as SVG here and
// photographed by Debian's Chromium, so the bench needs no charting library.
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../lib.mjs";

const WIDTH = 720;
const HEIGHT = 300;
const PAD = { left: 64, right: 16, top: 36, bottom: 36 };
const COLORS = ["#1f6feb", "#d1242f", "#1a7f37", "#9a6700", "#8250df"];

/** One chart: a title, and named series of [minute, value]. */
function svgChart(title, unit, series) {
  const points = series.flatMap((s) => s.values).filter(([, v]) => v !== null);
  const maxX = Math.max(1, ...points.map(([x]) => x));
  const maxY = Math.max(1, ...points.map(([, y]) => y)) * 1.1;
  const x = (m) => PAD.left + (m / maxX) * (WIDTH - PAD.left - PAD.right);
  const y = (v) => HEIGHT - PAD.bottom - (v / maxY) * (HEIGHT - PAD.top - PAD.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * maxY);
  const grid = ticks
    .map(
      (t) =>
        `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(t)}" y2="${y(t)}" stroke="#ddd"/>` +
        `<text x="${PAD.left - 6}" y="${y(t) + 4}" text-anchor="end">${Math.round(t * 10) / 10}</text>`,
    )
    .join("");
  const lines = series
    .map((s, i) => {
      const d = s.values
        .filter(([, v]) => v !== null)
        .map(([m, v], j) => `${j ? "L" : "M"}${x(m).toFixed(1)},${y(v).toFixed(1)}`)
        .join("");
      const dots = s.values
        .filter(([, v]) => v !== null)
        .map(
          ([m, v]) =>
            `<circle cx="${x(m).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${COLORS[i % COLORS.length]}"/>`,
        )
        .join("");
      return (
        `<path d="${d}" fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"/>${dots}` +
        `<text x="${PAD.left + 8 + i * 120}" y="${PAD.top - 8}" fill="${COLORS[i % COLORS.length]}">${s.name}</text>`
      );
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${PAD.left}" y="16" font-size="14" font-weight="bold">${title} (${unit})</text>
${grid}${lines}
<text x="${(WIDTH + PAD.left) / 2}" y="${HEIGHT - 6}" text-anchor="middle">minute</text>
</svg>`;
}

export async function writeCharts(minutes, dir) {
  const series = (name, pick) => ({ name, values: minutes.map((m) => [m.minute, pick(m)]) });
  const charts = {
    "soak-latency": svgChart("Console reads and writes", "ms", [
      series("reads p50", (m) => m.read.p50),
      series("reads p95", (m) => m.read.p95),
      series("reads p99", (m) => m.read.p99),
      series("writes p95", (m) => m.write.p95),
    ]),
    "soak-memory": svgChart("Server memory", "MB", [
      series("RSS floor", (m) => m.rss_mb),
      series("RSS peak", (m) => m.rss_peak_mb ?? m.rss_mb),
      series("heap floor", (m) => m.heap_mb),
      series("heap peak", (m) => m.heap_peak_mb ?? m.heap_mb),
      ...(minutes.some((m) => m.heap_after_gc_mb) ? [series("heap after GC", (m) => m.heap_after_gc_mb)] : []),
    ]),
    "soak-event-loop": svgChart("Event-loop delay p99", "ms", [series("p99", (m) => m.event_loop_p99_ms)]),
    "soak-outbox": svgChart("Outbox and database", "messages, seconds, connections", [
      series("backlog", (m) => m.outbox_backlog),
      series("oldest pending (s)", (m) => m.outbox_oldest_s),
      series("db connections", (m) => m.db_connections),
    ]),
  };
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
    for (const [name, svg] of Object.entries(charts)) {
      await page.setContent(`<body style="margin:0">${svg}</body>`);
      const file = path.join(dir, `${name}.png`);
      await page.screenshot({ path: file });
      fs.writeFileSync(path.join(dir, `${name}.svg`), svg);
      console.log(`wrote ${path.relative(path.resolve(dir, "../.."), file)}`);
    }
  } finally {
    await browser.close();
  }
}
