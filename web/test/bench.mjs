// Figures of the web build in headless Chromium (docs/BENCHMARKS.md "The web build"):
//   node web/test/bench.mjs URL BIG_MAP
// time to first paint of the sample (page load to the first frame whose screenshot shows
// the sample's deep sea), then BIG_MAP (the 1000 × 1000 map) opened through the file
// chooser and panned by a right-button drag: frame intervals measured in the page by
// requestAnimationFrame while the drag moves 8 px a step.
import { chromium } from "playwright-core";
import { PNG } from "pngjs";

const [url, bigMap] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: [
    "--headless", "--no-sandbox", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--ignore-gpu-blocklist",
  ],
});
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
const deep = [0x1d, 0x4e, 0x89];
const t0 = Date.now();
await page.goto(url);
for (;;) {
  const png = PNG.sync.read(await page.screenshot());
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    if (Math.abs(png.data[i] - deep[0]) < 8 && Math.abs(png.data[i + 1] - deep[1]) < 8 &&
        Math.abs(png.data[i + 2] - deep[2]) < 8) n++;
  }
  if (n > 2000) break;
  if (Date.now() - t0 > 60000) throw new Error("the sample never showed");
}
console.log(`figure first_paint_ms ${Date.now() - t0}`);

await page.waitForTimeout(1000);
const small = await pan(100);
console.log(`figure sample_pan_frame_median_ms ${small.median.toFixed(1)} p90 ${small.p90.toFixed(1)}`);

const tOpen = Date.now();
const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Control+o")]);
await chooser.setFiles(bigMap);
await page.waitForFunction(() => !document.title.startsWith("Isle of Kestrel"), null, { timeout: 300000 });
console.log(`figure open_1000x1000_ms ${Date.now() - tOpen}`);
await page.waitForTimeout(3000); // the chunk cache fills

async function pan(steps) {
  await page.evaluate(() => {
    // One loop at a time: each pan starts a new generation and the old loop stops.
    const gen = (window.__gen = (window.__gen || 0) + 1);
    window.__frames = [];
    const tick = (t) => { if (window.__gen !== gen) return; window.__frames.push(t); requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(700, 400);
  await page.mouse.down({ button: "right" });
  for (let i = 0; i < steps; i++) {
    await page.mouse.move(700 - (i % 60) * 8, 400 - (i % 40) * 4);
  }
  await page.mouse.up({ button: "right" });
  const frames = await page.evaluate(() => { window.__gen += 1; return window.__frames.splice(0); });
  const gaps = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
  return { n: gaps.length, median: gaps[gaps.length >> 1], p90: gaps[Math.floor(gaps.length * 0.9)], max: gaps.at(-1) };
}
await pan(30); // warm-up
const r = await pan(200);
console.log(`figure pan_frames ${r.n}`);
console.log(`figure pan_frame_median_ms ${r.median.toFixed(1)}`);
console.log(`figure pan_frame_p90_ms ${r.p90.toFixed(1)}`);
console.log(`figure pan_frame_max_ms ${r.max.toFixed(1)}`);
await page.screenshot({ path: process.env.SHOT || "/tmp/hexmap-pan.png" });
// Zoomed in (wheel up over the map): a few thousand hexes on screen instead of the whole map.
await page.mouse.move(640, 400);
for (let i = 0; i < 12; i++) { await page.mouse.wheel(0, -400); await page.waitForTimeout(100); }
await page.waitForTimeout(2000);
await pan(30);
const z = await pan(200);
console.log(`figure zoomed_pan_frame_median_ms ${z.median.toFixed(1)} p90 ${z.p90.toFixed(1)} max ${z.max.toFixed(1)}`);
await page.screenshot({ path: (process.env.SHOT || "/tmp/hexmap-pan.png").replace(/\.png$/, "-zoomed.png") });
await browser.close();
