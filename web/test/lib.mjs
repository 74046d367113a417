// What the browser tests share: Chromium launched as TESTING.md says, screenshots read
// as pixels, checks that stop the run, hexmap's own answers (the CLI) about a map, and the
// moves a person makes (File menu, file chooser, a reload with "Leave site?").
import { chromium } from "playwright-core";
import { PNG } from "pngjs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** Chromium, headless, with software WebGL (no GPU on CI machines). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--headless", "--no-sandbox", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--ignore-gpu-blocklist",
    ],
  });
}

/** Have Playwright answer `page`'s file choosers for the page's whole life. Playwright
 *  takes a page's file chooser over only while something listens for one, and turns that
 *  on without waiting when a listener is added: a chooser the page opens in that gap is
 *  shown to no one, and headless Chromium cancels it at once (the page gets `cancel`, the
 *  test waits in vain). A listener kept from the page's start leaves no gap. */
export function answerChoosers(page) {
  page.on("filechooser", () => {});
  return page;
}

/** Stop the run unless `ok`; say what held. */
export function check(ok, what) {
  if (!ok) throw new Error("FAILED: " + what);
  console.log("ok: " + what);
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
export const hexRgb = (s) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16));
export const near = (a, b, tol) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

/** A screenshot of `page` (kept as `dir/name` when named), readable as pixels: `.at(x, y)`. */
export async function shot(page, dir, name) {
  const buf = await page.screenshot({ path: name ? join(dir, name) : undefined });
  const png = PNG.sync.read(buf);
  png.at = (x, y) => {
    const i = (Math.round(y) * png.width + Math.round(x)) * 4;
    return [png.data[i], png.data[i + 1], png.data[i + 2]];
  };
  return png;
}

/** The share of pixels in the box (x0, y0)–(x1, y1) that differ between two shots. */
export function differing(a, b, [x0, y0, x1, y1], tol = 24) {
  let n = 0, all = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      all++;
      if (!near(a.at(x, y), b.at(x, y), tol)) n++;
    }
  }
  return n / all;
}

/** hexmap's JSON answer for `args` (a subcommand run by the CLI). */
export function hexmapJson(bin, args) {
  return JSON.parse(execFileSync(bin, args, { encoding: "utf8", maxBuffer: 256 << 20 }));
}

/** Wait until the page's title ends as the editor's do (the editor runs). */
export function editorReady(page) {
  return page.waitForFunction(() => document.title.endsWith("— hexmap"), null, { timeout: 60000 });
}

/** Answer every "Leave site?" the page asks with "Leave", as a person who means to
 *  reload or close does; the questions asked are counted in the returned list. */
export function leaveWhenAsked(page) {
  const asked = [];
  page.on("dialog", async (d) => {
    asked.push(d.type());
    await d.accept();
  });
  return asked;
}

/** Press Ctrl+O until the page shows its file chooser. A key press lost by a busy page or
 *  an unfocused canvas, or a chooser the browser refused (the editor says so and forgets
 *  the question), is pressed again after a click on the menu bar's empty middle, which
 *  gives the canvas the keyboard and does nothing else. */
export function chooserFromCtrlO(page, dir) {
  return untilEvent(
    page,
    "filechooser",
    async (attempt) => {
      if (attempt > 0) {
        await page.mouse.click(700, 12);
        await page.waitForTimeout(300);
      }
      await page.keyboard.press("Control+o");
    },
    {
      attempts: 4,
      name: "the file chooser of Ctrl+O",
      onMiss: (attempt) => shot(page, dir, `ctrl-o-missed-${attempt + 1}.png`),
    },
  );
}

/** File → Open sample → the bundled sample at `y` down the list (menu places as egui lays
 *  out the File menu at 1280 × 800: the island at 108, hexcrawl 154, minesweeper 200). */
export async function openSample(page, y) {
  await page.mouse.click(19, 12);
  await page.waitForTimeout(500);
  await page.mouse.move(60, 108);
  await page.waitForTimeout(500);
  await page.mouse.move(640, 108);
  await page.mouse.move(648, y);
  await page.waitForTimeout(300);
  await page.mouse.click(648, y);
}

/** Do `action` until `source` (a page or a browser context) emits `event`, and give the
 *  event's value: an action a busy page lost (a click, a key) is done again, as a person
 *  does when nothing happened. `onMiss(attempt)` runs after each attempt that brought
 *  nothing (a screenshot for the log); `name` says in the log what was waited for. */
export async function untilEvent(source, event, action, { attempts = 3, timeout = 8000, name = event, onMiss = null } = {}) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const waiting = source.waitForEvent(event, { timeout }).catch(() => null);
    await action(attempt);
    const got = await waiting;
    if (got) return got;
    console.log(`note: ${name} did not come (attempt ${attempt + 1})`);
    if (onMiss) await onMiss(attempt);
  }
  throw new Error(`${name} did not come in ${attempts} attempts`);
}

/** Click the button at `point` until the page shows its file chooser (a click lost by a
 *  busy page is clicked again, as a person does). `reopen`, if given, is called before
 *  each click after the first: it opens again what holds the button (a window whose menu
 *  click the busy page lost is opened again, as a person does when it is not there). */
export function chooserFromClick(page, point, dir, reopen = null) {
  return untilEvent(
    page,
    "filechooser",
    async (attempt) => {
      if (attempt > 0 && reopen) await reopen();
      await page.mouse.click(...point);
    },
    {
      timeout: 6000,
      name: `the file chooser of the click at ${point}`,
      onMiss: (attempt) => shot(page, dir, `click-missed-${attempt + 1}.png`),
    },
  );
}

/** Open `file` through the page's file chooser (Ctrl+O) and wait for the title to name
 *  the map `name`. */
export async function openByChooser(page, dir, file, name) {
  const chooser = await chooserFromCtrlO(page, dir);
  await chooser.setFiles(file);
  await page.waitForFunction((n) => document.title.startsWith(n), name, { timeout: 60000 });
}
