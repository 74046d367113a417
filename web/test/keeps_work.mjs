// The web page keeps every edit, driven in Chromium at a person's speed (run by .ci/run):
//   node web/test/keeps_work.mjs URL HEXMAP_BIN OUT_DIR
// An edit followed at once by closing the tab ("Leave site?" answered Leave) comes back in
// a new tab; two tabs keep their own work, a tab never offers work another open tab is
// editing, and a new tab offers each closed tab's map in turn; a 1000 × 1000 map (8.6 MB of
// RON, over what localStorage holds) survives a reload right after an edit, and the
// downloaded map holds the edit (counted by `hexmap info`). Prints "figure" lines.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import * as lib from "./lib.mjs";
import { check, leaveWhenAsked } from "./lib.mjs";

const [url, hexmapBin, outDir] = process.argv.slice(2);
if (!url || !hexmapBin || !outDir) {
  console.error("usage: node keeps_work.mjs URL HEXMAP_BIN OUT_DIR");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const W = 1280, H = 800;
const shot = (page, name) => lib.shot(page, outDir, name);

/** A new tab of `context` on the editor, ready, with "Leave site?" answered Leave. */
async function newTab(context) {
  const page = lib.answerChoosers(await context.newPage());
  const asked = leaveWhenAsked(page);
  await page.goto(url);
  await lib.editorReady(page);
  // The page looks for work left behind as it starts: give the offer its moment.
  await page.waitForTimeout(1500);
  return { page, asked };
}

/** The box of 80 × 80 pixels around a point. */
const around = ([x, y]) => [x - 40, y - 40, x + 40, y + 40];

/** Click the map (brush) at the first of `points` where the click changes the screen;
 *  the point and the screenshot after the click (the pointer moved off the map). The
 *  screenshot before each click is taken with the pointer off the map too. */
async function paintSomewhere(page, points, name) {
  for (const p of points) {
    await page.mouse.move(W - 5, H / 2);
    await page.waitForTimeout(200);
    const before = await shot(page);
    await page.mouse.click(...p);
    // The pointer off the map, so no hover outline is in the picture.
    await page.mouse.move(W - 5, H / 2);
    await page.waitForTimeout(300);
    const after = await shot(page, name);
    if (lib.differing(before, after, around(p)) > 0.02) return { point: p, after };
  }
  throw new Error("no click changed the map");
}

/** Enter answers the offer; the title then names `name`, modified. */
async function restore(page, name) {
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    (n) => document.title.startsWith(n) && document.title.includes("*"),
    name,
    { timeout: 20000 },
  );
  await page.mouse.move(W - 5, H / 2);
  await page.waitForTimeout(800);
}

const island = lib.hexmapJson(hexmapBin, ["info", join(new URL("../../maps/island.ron", import.meta.url).pathname), "--json"]).name;
const crawl = lib.hexmapJson(hexmapBin, ["info", join(new URL("../../maps/hexcrawl.ron", import.meta.url).pathname), "--json"]).name;
const browser = await lib.launch();
let failed = false;
try {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: W, height: H } });

  // 1. An edit, then the tab closed at once: the browser asks "Leave site?"; a new tab
  // offers the work back and Enter restores it, the edit on screen where it was.
  {
    const { page, asked } = await newTab(context);
    const { point, after } = await paintSomewhere(page, [[700, 430], [760, 380]], "close-edited.png");
    check((await page.title()).includes("*"), "the edit marks the map modified");
    await page.close({ runBeforeUnload: true });
    for (let i = 0; i < 50 && !page.isClosed(); i++) await lib.sleep(100);
    check(asked.includes("beforeunload"), `closing the tab with unsaved work asked "Leave site?" (asked: ${asked.join(", ") || "nothing"})`);
    check(page.isClosed(), "Leave closed the tab");
    const next = await newTab(context);
    await shot(next.page, "close-offer.png");
    await restore(next.page, island);
    const back = await shot(next.page, "close-restored.png");
    const off = lib.differing(after, back, around(point));
    check(off < 0.02, `a new tab restored the edit made just before the tab closed (${(off * 100).toFixed(1)}% of pixels near it differ)`);
    // Saved work leaves nothing to offer: Ctrl+S asks the untitled map's file name (Enter
    // takes the one proposed) and downloads it; the tab then closes unasked.
    await next.page.keyboard.press("Control+s");
    await next.page.waitForTimeout(600);
    await shot(next.page, "close-save-as.png");
    const [download] = await Promise.all([
      next.page.waitForEvent("download", { timeout: 20000 }),
      next.page.keyboard.press("Enter"),
    ]);
    await download.saveAs(join(outDir, "close-saved.ron"));
    await next.page.waitForTimeout(300);
    check(!(await next.page.title()).includes("*"), "Ctrl+S saved it (a download)");
    await next.page.close({ runBeforeUnload: true });
    for (let i = 0; i < 50 && !next.page.isClosed(); i++) await lib.sleep(100);
    check(next.asked.length === 0 && next.page.isClosed(), "a saved map closes without asking");
  }

  // 2. Two tabs, two maps, each edited; a third tab opened meanwhile offers nothing (their
  // work is being edited). Both close right after their edits; the next tab offers the
  // newest (the hexcrawl's), and the one after it the island's: each map's edit is back.
  {
    const a = await newTab(context);
    const editA = await paintSomewhere(a.page, [[700, 430], [640, 300]], "tabs-a-edited.png");
    const b = await newTab(context);
    await lib.openSample(b.page, 154);
    await b.page.waitForFunction((n) => document.title.startsWith(n), crawl, { timeout: 20000 });
    await b.page.mouse.move(W - 5, H / 2);
    await b.page.waitForTimeout(1500);
    const editB = await paintSomewhere(b.page, [[640, 400], [560, 330], [720, 470]], "tabs-b-edited.png");
    const c = await newTab(context);
    const cBefore = await shot(c.page, "tabs-c-nothing-offered.png");
    await c.page.keyboard.press("Enter");
    await c.page.waitForTimeout(800);
    const cTitle = await c.page.title();
    check(cTitle.startsWith(island) && !cTitle.includes("*") && lib.differing(cBefore, await shot(c.page), [240, 80, 1040, 740]) < 0.01,
      `a tab opened while two tabs edit offers neither's work (Enter changed nothing; title "${cTitle}")`);
    await c.page.close({ runBeforeUnload: true });
    await a.page.close({ runBeforeUnload: true });
    await b.page.close({ runBeforeUnload: true });
    for (let i = 0; i < 50 && !(a.page.isClosed() && b.page.isClosed()); i++) await lib.sleep(100);
    check(a.asked.includes("beforeunload") && b.asked.includes("beforeunload"), "both tabs asked before closing");

    const d = await newTab(context);
    await shot(d.page, "tabs-d-offer.png");
    await restore(d.page, crawl);
    const backB = await shot(d.page, "tabs-d-restored.png");
    const offB = lib.differing(editB.after, backB, around(editB.point));
    check(offB < 0.02, `the next tab offered the newest work first and restored the hexcrawl's edit ("${await d.page.title()}"; ${(offB * 100).toFixed(1)}% differ near it)`);
    const e = await newTab(context);
    await shot(e.page, "tabs-e-offer.png");
    await restore(e.page, island);
    const backA = await shot(e.page, "tabs-e-restored.png");
    const offA = lib.differing(editA.after, backA, around(editA.point));
    check(offA < 0.02, `the tab after it restored the island's edit ("${await e.page.title()}"; ${(offA * 100).toFixed(1)}% differ near it): neither tab's work was lost`);
    await d.page.close();
    await e.page.close();
  }

  // 3. A 1000 × 1000 world (8.6 MB of RON): a hex painted with its rarest terrain, then a
  // reload at once; Enter restores it, and the downloaded map has one more hex of it.
  {
    const big = join(outDir, "big-world.ron");
    execFileSync(hexmapBin, ["generate", big, "--shape", "rect:1000x1000", "--seed", "3", "--force"], { stdio: "inherit" });
    const info = lib.hexmapJson(hexmapBin, ["info", big, "--json"]);
    // A browser of its own: the tabs above left their restored work behind for later.
    const fresh = await browser.newContext({ acceptDownloads: true, viewport: { width: W, height: H } });
    const { page, asked } = await newTab(fresh);
    await lib.openByChooser(page, outDir, big, info.name);
    await page.waitForTimeout(2000);
    // The palette panel lists the terrains in order, one row each (egui's layout at
    // 1280 × 800): choose the rarest that is on the map.
    const used = info.palette.map((t, i) => ({ ...t, row: i })).filter((t) => t.cells > 0);
    const rare = used.reduce((m, t) => (t.cells < m.cells ? t : m));
    await page.mouse.click(60, 109 + 23 * rare.row);
    await page.waitForTimeout(300);
    await page.mouse.click(W * 0.5, H * 0.5);
    await page.waitForTimeout(300);
    check((await page.title()).includes("*"), `a click painted the 1000 × 1000 map with ${rare.name}`);
    const started = Date.now();
    await page.reload();
    check(asked.includes("beforeunload"), "the reload asked \"Leave site?\"");
    await lib.editorReady(page);
    await page.waitForTimeout(2500);
    await shot(page, "big-offer.png");
    await restore(page, info.name);
    console.log(`figure big_reload_restore_ms ${Date.now() - started}`);
    await shot(page, "big-restored.png");
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 60000 }),
      page.keyboard.press("Control+s"),
    ]);
    const saved = join(outDir, "big-restored.ron");
    await download.saveAs(saved);
    const after = lib.hexmapJson(hexmapBin, ["info", saved, "--json"]);
    const count = (i) => i.palette.find((t) => t.id === rare.id).cells;
    check(after.cells === 1_000_000 && count(after) === count(info) + 1,
      `the restored 1000 × 1000 map holds the edit: ${count(after)} hexes of ${rare.name}, was ${count(info)}`);
    await page.close();
  }
} catch (e) {
  failed = true;
  console.error(e.message);
} finally {
  await browser.close();
}
if (failed) process.exit(1);
