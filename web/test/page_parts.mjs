// The web page as a person uses it beyond editing, driven in Chromium (run by .ci/run):
//   node web/test/page_parts.mjs URL HEXMAP_BIN OUT_DIR
// Save As asks a file name; an image chosen in the page is saved by its bare name (the
// CLI then finds it beside the map); after "Not now", Map → Map images… gives the map's
// images and a dropped image is taken as one; Open and a drop import a Tiled map (the
// chooser's accept list names each extension once); File has no Quit; copied hexes paste
// in another tab; the players' window is a second browser window fed only the player cut
// (no GM secret crosses) that goes full screen; at phone size the map keeps most of the
// width, a finger paints and a pinch zooms without painting. No console error or warning
// of the page's own along the way (passive listeners, willReadFrequently).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as lib from "./lib.mjs";
import { check, leaveWhenAsked } from "./lib.mjs";

const [url, hexmapBin, outDir] = process.argv.slice(2);
if (!url || !hexmapBin || !outDir) {
  console.error("usage: node page_parts.mjs URL HEXMAP_BIN OUT_DIR");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const repo = resolve(new URL("../..", import.meta.url).pathname);
const W = 1280, H = 800;
const shot = (page, name) => lib.shot(page, outDir, name);
const crawlFile = join(repo, "maps/hexcrawl.ron");
const crawl = lib.hexmapJson(hexmapBin, ["info", crawlFile, "--json"]).name;
const artDir = join(repo, "maps/art");
const art = readdirSync(artDir).filter((n) => /\.(png|svg)$/.test(n)).map((n) => join(artDir, n));

/** Every console message of every page, for the check at the end. */
const consoleLines = [];

/** A new page of `context` on the editor (or on `path`), ready. */
async function open(context, path = "") {
  const page = lib.answerChoosers(await context.newPage());
  watch(page);
  leaveWhenAsked(page);
  await page.goto(url + path);
  if (!path) {
    await lib.editorReady(page);
    await page.waitForTimeout(1500);
  }
  return page;
}

function watch(page) {
  page.on("console", (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  page.on("pageerror", (e) => consoleLines.push(`pageerror: ${e.message}`));
}

/** Click a menu of the menu bar, then an item of it (places as egui lays them out at
 *  1280 × 800). */
async function menu(page, [mx, my], [ix, iy]) {
  await page.mouse.click(mx, my);
  await page.waitForTimeout(500);
  await page.mouse.move(ix, iy);
  await page.waitForTimeout(200);
  await page.mouse.click(ix, iy);
  await page.waitForTimeout(500);
}
const FILE = [19, 12], VIEW = [90, 12], MAP = [129, 12];
const FULL_SCREEN = [449, 12];
// The hexcrawl is a family of maps: its breadcrumb bar (25 px under the tool bar) moves
// the panels and windows below it down by that much.
const ADD_IMAGE = [58, 461];

/** Drop `files` (paths) on the page's canvas, as a file manager does. */
async function drop(page, files) {
  const payload = files.map((f) => ({ name: f.split("/").pop(), b64: readFileSync(f).toString("base64") }));
  await page.evaluate((payload) => {
    const transfer = new DataTransfer();
    for (const { name, b64 } of payload) {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], name));
    }
    const canvas = document.getElementById("hexmap");
    for (const kind of ["dragenter", "dragover", "drop"]) {
      canvas.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true, clientX: 640, clientY: 400 }));
    }
  }, payload);
}

/** Open `file` by Ctrl+O; `title` starts the page's title once it is open. */
const openFile = (page, file, title) => lib.openByChooser(page, outDir, file, title);

const browser = await lib.launch();
let failed = false;
try {
  // Each part in a browser of its own: work left behind by one part's closed tabs is not
  // offered to the next.
  const fresh = async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: W, height: H } });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    return context;
  };

  // 1. Save As asks a file name: typed, the download has it. File has no Quit (a page is
  // closed by the browser).
  {
    const context = await fresh();
    const page = await open(context);
    await page.mouse.click(...FILE);
    await page.waitForTimeout(500);
    await shot(page, "file-menu.png");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+Shift+s");
    await page.waitForTimeout(600);
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Dragon Coast");
    await shot(page, "save-as-typed.png");
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 20000 }),
      page.keyboard.press("Enter"),
    ]);
    check(download.suggestedFilename() === "Dragon Coast.ron", `Save As downloaded the typed name ("${download.suggestedFilename()}")`);
    await page.waitForTimeout(400);
    check((await page.title()).includes("/browser/Dragon Coast.ron"), `the map is now that file ("${await page.title()}")`);
    await page.close();
  }

  // 2. An underlay and a tile image chosen in the page are saved by their bare names, so
  // the downloaded map finds them beside it.
  {
    const context = await fresh();
    const page = await open(context);
    await lib.openSample(page, 154);
    await page.waitForFunction((n) => document.title.startsWith(n), crawl, { timeout: 20000 });
    await page.waitForTimeout(1000);
    await menu(page, MAP, [156, 108]);
    await shot(page, "underlay-window.png");
    const underlayImage = join(outDir, "kestrel.png");
    execFileSync(hexmapBin, ["export", join(repo, "maps/island.ron"), "--to", "png", underlayImage, "--force"]);
    const chooser = await lib.chooserFromClick(page, [772, 157], outDir, () => menu(page, MAP, [156, 108]));
    await chooser.setFiles(underlayImage);
    await page.waitForTimeout(1500);
    await shot(page, "underlay-chosen.png");
    await page.keyboard.press("Escape");
    // Terrain → Edit… → Add image… on the first terrain (places in the palette panel of
    // this map's five terrains).
    await page.mouse.click(122, 249);
    await page.waitForTimeout(600);
    await shot(page, "terrain-editor.png");
    const tileChooser = await lib.chooserFromClick(page, ADD_IMAGE, outDir, async () => {
      await page.mouse.click(122, 249);
      await page.waitForTimeout(600);
    });
    await tileChooser.setFiles(art.find((f) => f.endsWith(".png")));
    await page.waitForTimeout(1200);
    await shot(page, "tile-art-added.png");
    const [download] = await Promise.all([
      page.waitForEvent("download", { timeout: 20000 }),
      page.keyboard.press("Control+s"),
    ]);
    const saved = join(outDir, "with-images", download.suggestedFilename());
    mkdirSync(join(outDir, "with-images"), { recursive: true });
    await download.saveAs(saved);
    const text = readFileSync(saved, "utf8");
    const tile = art.find((f) => f.endsWith(".png")).split("/").pop();
    check(text.includes('path: "kestrel.png"'), `the saved map names its underlay by its bare name (${(text.match(/underlay: \(path: "[^"]*"/) || ["none"])[0]})`);
    check(text.includes(`"${tile}"`) && !text.includes("/browser/"), `the saved map names the tile image "${tile}" by its bare name, and no /browser/ path`);
    // Beside the map, as a person keeps them (with the sample's own art/ folder), the CLI
    // draws both without a warning.
    for (const [from, name] of [[underlayImage, "kestrel.png"], [art.find((f) => f.endsWith(".png")), tile]]) {
      writeFileSync(join(outDir, "with-images", name), readFileSync(from));
    }
    cpSync(artDir, join(outDir, "with-images", "art"), { recursive: true });
    const run = spawnSync(hexmapBin, ["export", saved, "--to", "png", join(outDir, "with-images", "drawn.png"), "--underlay", "--force"], { encoding: "utf8" });
    const said = (run.stdout + run.stderr).trim();
    check(run.status === 0 && !/not shown|missing|cannot/i.test(said), `hexmap export draws the map with its images from beside it ("${said.split("\n").pop()}")`);
    await page.close();
  }

  // 3. A map that names images, opened by Ctrl+O: "Not now" (Escape); Map → Map images…
  // asks again and the chosen images are drawn. In a second page, one image dropped on the
  // page is taken as the map's image of that name.
  {
    const context = await fresh();
    const page = await open(context);
    await openFile(page, crawlFile, crawl);
    await page.waitForTimeout(1500);
    const asked = await shot(page, "images-asked.png");
    await page.keyboard.press("Escape");
    await page.mouse.move(W - 5, H / 2);
    await page.waitForTimeout(800);
    const without = await shot(page, "images-not-now.png");
    check(lib.differing(asked, without, [240, 80, 1040, 740]) > 0.05, "Escape (Not now) closed the question");
    const images = await lib.untilEvent(page, "filechooser", () => menu(page, MAP, [165, 131]), {
      timeout: 10000,
      name: "the chooser of Map → Map images…",
    });
    check(images.isMultiple(), "Map → Map images… opened a chooser for several images");
    await images.setFiles(art);
    await page.mouse.move(W - 5, H / 2);
    await page.waitForTimeout(2500);
    const given = await shot(page, "images-given-later.png");
    check(lib.differing(without, given, [240, 80, 1040, 740]) > 0.05, "the images given later are drawn (the map changed on screen)");
    await page.close();

    const second = await open(context);
    await openFile(second, crawlFile, crawl);
    await second.waitForTimeout(1500);
    await second.keyboard.press("Escape");
    await second.mouse.move(W - 5, H / 2);
    await second.waitForTimeout(800);
    const before = await shot(second);
    const forest = art.find((f) => /forest/.test(f));
    await drop(second, [forest]);
    await second.waitForTimeout(2500);
    const after = await shot(second, "image-dropped.png");
    const changed = lib.differing(before, after, [240, 80, 1040, 740]);
    check(changed > 0.003 && (await second.title()).startsWith(crawl), `a dropped ${forest.split("/").pop()} was taken as the map's image (${(changed * 100).toFixed(1)}% of the map changed; still "${await second.title()}")`);
    await second.close();
  }

  // 4. A Tiled map: dropped, it is imported (a new map named as the file's map); File →
  // Open's chooser takes Tiled and JSON maps, each extension once.
  {
    const context = await fresh();
    const tmx = join(outDir, "crossing.tmx");
    execFileSync(hexmapBin, ["export", join(repo, "maps/wargame-river-crossing.ron"), "--to", "tmx", tmx, "--force"]);
    const name = lib.hexmapJson(hexmapBin, ["info", join(repo, "maps/wargame-river-crossing.ron"), "--json"]).name;
    const page = await open(context);
    await drop(page, [tmx, tmx.replace(/\.tmx$/, "-tiles.png")]);
    await page.waitForFunction((n) => document.title.startsWith(n), name, { timeout: 20000 }).catch(() => {});
    await page.waitForTimeout(800);
    await shot(page, "tmx-dropped.png");
    check((await page.title()).startsWith(name), `a dropped .tmx was imported ("${await page.title()}")`);
    const chooser = await lib.chooserFromCtrlO(page, outDir);
    const accept = await chooser.element().getAttribute("accept");
    const list = accept.split(",");
    check([".ron", ".tmx", ".tmj", ".json"].every((e) => list.includes(e)) && new Set(list).size === list.length,
      `File → Open takes hexmap, Tiled and JSON maps, each once ("${accept}")`);
    await chooser.setFiles(tmx);
    await page.waitForTimeout(1500);
    check((await page.title()).startsWith(name), "File → Open imported the .tmx");
    await page.close();
  }

  // 5. Copied hexes paste in another tab: a box selected and copied in one tab, Ctrl+V and
  // a click in another put them there.
  {
    const context = await fresh();
    const a = await open(context);
    await a.mouse.click(466, 37); // Select
    await a.waitForTimeout(300);
    await a.mouse.move(640, 400);
    await a.mouse.down();
    await a.mouse.move(700, 440, { steps: 5 });
    await a.mouse.up();
    await a.waitForTimeout(300);
    await a.keyboard.press("Control+c");
    await a.waitForTimeout(500);
    const clip = await a.evaluate(() => navigator.clipboard.readText());
    check(clip.startsWith("// hexmap: copied hexes"), `Copy put the hexes on the system clipboard as text (${clip.length} characters)`);
    const b = await open(context);
    await b.mouse.click(466, 37); // Select: a click selects, never paints
    await b.mouse.move(W - 5, H / 2);
    await b.waitForTimeout(300);
    const before = await shot(b);
    await b.waitForTimeout(300);
    await b.keyboard.press("Control+v");
    await b.waitForTimeout(500);
    await b.mouse.click(300, 200); // the deep sea at the top left
    await b.mouse.move(W - 5, H / 2);
    await b.waitForTimeout(600);
    const after = await shot(b, "pasted-in-other-tab.png");
    check((await b.title()).includes("*") && lib.differing(before, after, [240, 80, 1040, 740]) > 0.002,
      `Ctrl+V in another tab pasted the copied hexes ("${await b.title()}")`);
    await a.close();
    await b.close();
  }

  // 6. The players' window: a second browser window, fed only the player cut. What crosses
  // to it holds none of the GM's secrets; its Full screen works.
  {
    const context = await fresh();
    const page = await open(context);
    await lib.openSample(page, 154);
    await page.waitForFunction((n) => document.title.startsWith(n), crawl, { timeout: 20000 });
    await page.waitForTimeout(1000);
    const players = await lib.untilEvent(context, "page", () => menu(page, VIEW, [126, 117]), {
      timeout: 15000,
      name: "the window of View → Player window",
    });
    watch(players);
    await players.waitForFunction((n) => document.title.startsWith(n), crawl, { timeout: 60000 });
    check(players.url().includes("?players="), `View → Player window opened a second browser window (${players.url().replace(url, "")}, "${await players.title()}")`);
    // Listen to what crosses, as the players' window hears it, then edit the GM's map.
    const channel = new URL(players.url()).searchParams.get("players");
    await players.evaluate((id) => {
      window.__heard = [];
      new BroadcastChannel("hexmap-players-" + id).onmessage = (e) => {
        if (e.data.kind === "map") window.__heard.push(e.data.text);
      };
    }, channel);
    await page.bringToFront();
    await page.mouse.click(640, 400);
    await page.waitForTimeout(1500);
    const heard = await players.evaluate(() => window.__heard);
    check(heard.length > 0, `the GM's edit reached the players' window (${heard.length} map message(s))`);
    const sent = join(outDir, "players-cut.ron");
    writeFileSync(sent, heard.at(-1));
    const secrets = ["Morvaine", "monster_lair", "dungeon", "the lich"];
    check(secrets.every((s) => !heard.some((t) => t.includes(s))), `nothing the GM keeps secret crossed (${secrets.join(", ")})`);
    // What crossed is the CLI's player view of the map, but for the GM's one edit.
    const cut = lib.hexmapJson(hexmapBin, ["export", sent, "--to", "json", "-", "--player-view"]);
    const cli = lib.hexmapJson(hexmapBin, ["export", crawlFile, "--to", "json", "-", "--player-view"]);
    const same = cut.cells.filter((c, i) => c.terrain === cli.cells[i].terrain).length;
    const hidden = cut.cells.filter((c) => c.terrain == null).length;
    check(cut.cells.length === cli.cells.length && same >= cli.cells.length - 1 && hidden > 0,
      `the players' window got the player view of the map: ${same} of ${cli.cells.length} cells as the CLI's --player-view, ${hidden} under fog`);
    await players.bringToFront();
    await players.waitForTimeout(800);
    await shot(players, "players-window.png");
    await players.mouse.click(300, 12);
    await players.waitForTimeout(200);
    // "Full screen" on the players' bar (placed as egui lays it out at 960 px).
    await players.mouse.click(...FULL_SCREEN);
    await players.waitForTimeout(800);
    check(await players.evaluate(() => !!document.fullscreenElement), "the players' window went full screen");
    await shot(players, "players-full-screen.png");
    await players.close();
    await page.close();
  }

  // 7. At phone size with a touch screen: the map keeps most of the width; a tap paints;
  // a two-finger pinch zooms and paints nothing.
  {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
    const page = await open(phone);
    const first = await shot(page, "phone.png");
    const deep = [29, 78, 137];
    let left = 390, right = 0;
    for (let x = 0; x < 390; x++) {
      for (let y = 200; y < 700; y += 4) {
        if (lib.near(first.at(x, y), deep, 10)) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    check(right - left > 390 * 0.75, `at 390 × 844 the map takes ${right - left} of 390 pixels`);
    const cdp = await phone.newCDPSession(page);
    const pts = (d) => [{ x: 195 - d, y: 430, id: 1 }, { x: 195 + d, y: 430, id: 2 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [pts(20)[0]] });
    await page.waitForTimeout(80);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: pts(20) });
    for (let d = 20; d <= 90; d += 5) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: pts(d) });
      await page.waitForTimeout(60);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await page.waitForTimeout(800);
    const pinched = await shot(page, "phone-pinched.png");
    check(!(await page.title()).includes("*") && lib.differing(first, pinched, [0, 120, 390, 760]) > 0.2,
      `a pinch zoomed the map and painted nothing ("${await page.title()}")`);
    await page.touchscreen.tap(195, 430);
    await page.waitForTimeout(500);
    await shot(page, "phone-tapped.png");
    check((await page.title()).includes("*"), "a tap with one finger paints");
    await phone.close();
  }

  const ours = consoleLines.filter((l) => /passive event listener|willReadFrequently|pageerror|^error/i.test(l));
  check(ours.length === 0, `no console errors or warnings of the page's own (${consoleLines.length} lines read)${ours.length ? ": " + ours.slice(0, 3).join(" | ") : ""}`);
} catch (e) {
  failed = true;
  console.error(e.message);
} finally {
  await browser.close();
}
if (failed) process.exit(1);
