// hexmap's web build driven in Debian's Chromium as a person would (run by .ci/run):
//   node web/test/browser.mjs URL HEXMAP_BIN OUT_DIR
// URL serves web/dist; HEXMAP_BIN is the hexmap CLI (the JSON export of the sample gives
// hexmap's own hex centres; `hexmap validate` checks the downloaded map); OUT_DIR gets
// screenshots and downloads. Prints the time to first paint as a
// "figure first_paint_ms N" line. Exits non-zero on the first check that fails.
import { PNG } from "pngjs";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import * as lib from "./lib.mjs";
import { check, hexRgb, near, leaveWhenAsked } from "./lib.mjs";

const [url, hexmapBin, outDir] = process.argv.slice(2);
if (!url || !hexmapBin || !outDir) {
  console.error("usage: node browser.mjs URL HEXMAP_BIN OUT_DIR");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const repo = resolve(new URL("../..", import.meta.url).pathname);
const W = 1280, H = 800;

const shot = (page, name) => lib.shot(page, outDir, name);
const chooserFromCtrlO = (page) => lib.chooserFromCtrlO(page, outDir);

// The sample as hexmap exports it: each cell's axial coordinates and terrain colour, and
// the layout's hex -> world transform.
const json = JSON.parse(
  execFileSync(hexmapBin, ["export", join(repo, "maps/island.ron"), "--to", "json", "-"], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  }),
);
const colourOf = new Map(json.palette.map((t) => [t.id, hexRgb(t.color)]));
const f = json.layout.forward, [sx, sy] = json.layout.size;
const cells = json.cells
  .filter((c) => c.terrain != null)
  .map((c) => {
    const [q, r] = c.hex; // JSON export version 3: every hex is axial [q, r]
    return {
      q, r, colour: colourOf.get(c.terrain),
      x: (f[0] * q + f[1] * r) * sx, y: (f[2] * q + f[3] * r) * sy,
    };
  });
const deep = colourOf.get(json.cells[0].terrain); // the corner cell: deep sea all round

// Where the map is on screen: the columns and rows mostly of the border terrain's
// colour, and hexmap's world box of the cells (pointy: √3·s wide, 2·s high).
function placeMap(png) {
  const cols = [], rows = [];
  for (let x = 0; x < png.width; x++) {
    let n = 0;
    for (let y = 0; y < png.height; y += 2) if (near(png.at(x, y), deep, 8)) n++;
    if (n > 40) cols.push(x);
  }
  for (let y = 0; y < png.height; y++) {
    let n = 0;
    for (let x = 0; x < png.width; x += 2) if (near(png.at(x, y), deep, 8)) n++;
    if (n > 40) rows.push(y);
  }
  if (!cols.length || !rows.length) return null;
  const wx0 = Math.min(...cells.map((c) => c.x)) - Math.sqrt(3) / 2 * sx;
  const wx1 = Math.max(...cells.map((c) => c.x)) + Math.sqrt(3) / 2 * sx;
  const wy0 = Math.min(...cells.map((c) => c.y)) - sy;
  const wy1 = Math.max(...cells.map((c) => c.y)) + sy;
  const kx = (cols.at(-1) + 1 - cols[0]) / (wx1 - wx0);
  const ky = (rows.at(-1) + 1 - rows[0]) / (wy1 - wy0);
  return { k: (kx + ky) / 2, kx, ky, toScreen: (c) => [cols[0] + (c.x - wx0) * kx, rows[0] + (c.y - wy0) * ky] };
}

// The share of cells whose centre (a little below it, clear of labels) shows the cell's
// terrain colour.
function colourMatch(png, place) {
  let good = 0;
  for (const c of cells) {
    const [x, y] = place.toScreen(c);
    if (near(png.at(x, y + 0.45 * sy * place.ky), c.colour, 14)) good++;
  }
  return good / cells.length;
}

// File → Export… (menu places as egui lays out the File menu at 1280 × 800), again if a
// click was lost on the busy page: the window's light title bar then shows where the
// map's dark background was.
async function openExportWindow(page) {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.mouse.click(19, 12);
    await page.waitForTimeout(600);
    await page.mouse.click(42, 241);
    await page.waitForTimeout(900);
    if ((await shot(page)).at(640, 92).every((v) => v > 180)) return true;
    await page.keyboard.press("Escape");
  }
  return false;
}

const browser = await lib.launch();
let failed = false;
try {
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: W, height: H } });
  const page = lib.answerChoosers(await context.newPage());
  const logs = [];
  page.on("console", (m) => logs.push(m.text()));
  page.on("pageerror", (e) => logs.push("page error: " + e.message));

  // 1. First paint of the sample, and hexmap's geometry on screen.
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(() => document.title.endsWith("— hexmap"), null, { timeout: 60000 });
  let png, place, match = 0;
  for (let i = 0; i < 200; i++) {
    png = await shot(page);
    place = placeMap(png);
    if (place && (match = colourMatch(png, place)) > 0.9) break;
    await page.waitForTimeout(50);
  }
  const firstPaint = Date.now() - t0;
  await shot(page, "sample.png");
  console.log(`figure first_paint_ms ${firstPaint}`);
  const title = await page.title();
  check(title.startsWith(json.name), `the page title names the sample map ("${title}")`);
  check(match > 0.9, `the sample is drawn: ${(match * 100).toFixed(1)}% of ${cells.length} hex centres show their terrain's colour where hexmap's layout puts them`);

  // 2. A click paints a hex; Ctrl+Z undoes it. A grassland hex well inside the island, whose
  // neighbours are grassland too (the brush colour differs from it).
  const grass = json.palette.find((t) => t.name === "Grassland");
  const target = cells.find((c) => c.colour === colourOf.get(grass.id) &&
    cells.filter((d) => Math.hypot(d.x - c.x, d.y - c.y) < 2 * sx && d.colour === c.colour).length >= 7);
  const [tx, ty] = place.toScreen(target);
  const probe = [tx, ty + 0.45 * sy * place.ky];
  const before = (await shot(page)).at(...probe);
  check(near(before, target.colour, 14), `hex (${target.q}, ${target.r}) shows grassland before the click`);
  await page.mouse.click(tx, ty);
  await page.waitForTimeout(300);
  const painted = (await shot(page, "painted.png")).at(...probe);
  const brush = [...colourOf.entries()].find(([, c]) => near(painted, c, 14));
  check(!near(painted, before, 14) && brush, `the click painted it with another terrain's colour (rgb ${painted})`);
  check((await page.title()).includes("*"), "the title marks the map modified");
  await page.keyboard.press("Control+z");
  await page.waitForTimeout(300);
  check(near((await shot(page)).at(...probe), target.colour, 14), "Ctrl+Z undid the paint");

  // 3. Paint again, Ctrl+S asks the untitled map's file name (the browser downloads it
  // under that name; Enter takes the one proposed) and downloads a map hexmap validates,
  // holding the painted hex.
  await page.mouse.click(tx, ty);
  await page.waitForTimeout(300);
  await page.keyboard.press("Control+s");
  await page.waitForTimeout(600);
  await shot(page, "save-as-name.png");
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 20000 }),
    page.keyboard.press("Enter"),
  ]);
  const saved = join(outDir, download.suggestedFilename());
  await download.saveAs(saved);
  execFileSync(hexmapBin, ["validate", saved], { stdio: "inherit" });
  check(true, `Ctrl+S downloaded ${download.suggestedFilename()} and hexmap validate accepts it`);
  const savedJson = JSON.parse(execFileSync(hexmapBin, ["export", saved, "--to", "json", "-"], { encoding: "utf8", maxBuffer: 64 << 20 }));
  const savedCell = savedJson.cells.find((c) => c.hex[0] === target.q && c.hex[1] === target.r);
  check(savedCell && savedCell.terrain !== grass.id, `the downloaded map holds the painted hex (terrain ${savedCell && savedCell.terrain})`);

  // 3b. File → Export… with its default (a PNG picture): the export job runs as a step
  // between frames and downloads the picture, which shows the island's deep sea.
  check(await openExportWindow(page), "File → Export… opened the export window");
  await shot(page, "export-window.png");
  // Enter exports (the window's button moves as options are added).
  const [picture] = await Promise.all([
    page.waitForEvent("download", { timeout: 60000 }),
    page.keyboard.press("Enter"),
  ]);
  const pngPath = join(outDir, picture.suggestedFilename());
  await picture.saveAs(pngPath);
  const exported = PNG.sync.read(readFileSync(pngPath));
  let sea = 0;
  for (let i = 0; i < exported.data.length; i += 4) {
    if (near([exported.data[i], exported.data[i + 1], exported.data[i + 2]], deep, 3)) sea++;
  }
  const seaShare = sea / (exported.width * exported.height);
  check(pngPath.endsWith(".png") && seaShare > 0.3, `File → Export… downloaded ${picture.suggestedFilename()} (${exported.width} × ${exported.height}, ${(seaShare * 100).toFixed(0)}% deep sea)`);

  // 3c. Every other export from the same window, each read by its consumer's rules: the
  // format chosen by its radio button (placed as egui lays out the window at 1280 × 800),
  // Enter exports, and the downloads are checked against the saved map.
  const downloads = [];
  page.on("download", (d) => downloads.push(d));
  // The formats stand in two columns, row by row.
  const formats = [
    ["tmx", 743, 149, 2], ["tmj", 122, 172, 2], ["csv", 743, 172, 1], ["json", 122, 195, 1],
    ["svg", 122, 218, 1], ["pdf", 743, 218, 1],
  ];
  for (const [ext, x, y, count] of formats) {
    downloads.length = 0;
    check(await openExportWindow(page), `File → Export… opened the window for ${ext}`);
    await page.mouse.click(x, y);
    await page.waitForTimeout(300);
    await shot(page, `export-${ext}.png`);
    await page.keyboard.press("Enter");
    for (let i = 0; i < 600 && downloads.length < count; i++) await page.waitForTimeout(100);
    check(downloads.length === count, `the ${ext} export downloaded ${downloads.length} file(s): ${downloads.map((d) => d.suggestedFilename()).join(", ")}`);
    const files = [];
    for (const d of downloads) {
      const file = join(outDir, d.suggestedFilename());
      await d.saveAs(file);
      files.push(file);
    }
    const main = files.find((f) => f.endsWith("." + ext));
    check(main, `the ${ext} export's main file is among them`);
    const bytes = readFileSync(main);
    if (ext === "tmx" || ext === "tmj") {
      // hexmap reads its own Tiled export back to the map that was saved.
      const back = join(outDir, `back-${ext}.ron`);
      execFileSync(hexmapBin, ["import", main, back, "--force"], { stdio: "inherit" });
      const backJson = JSON.parse(execFileSync(hexmapBin, ["export", back, "--to", "json", "-"], { encoding: "utf8", maxBuffer: 64 << 20 }));
      const same = backJson.cells.every((c, i) => c.terrain === savedJson.cells[i].terrain);
      check(same && backJson.cells.length === savedJson.cells.length, `the ${ext} export imports back to the saved map's ${savedJson.cells.length} cells and terrains`);
      check(files.some((f) => f.endsWith("-tiles.png")), `the ${ext} export downloaded its tileset`);
    } else if (ext === "csv") {
      const rows = bytes.toString("utf8").split("\n").filter((l) => l && !l.startsWith("#"));
      check(rows.length === savedJson.bounds.rows, `the CSV has a line per row (${rows.length})`);
    } else if (ext === "json") {
      const j = JSON.parse(bytes.toString("utf8"));
      check(JSON.stringify(j.cells) === JSON.stringify(savedJson.cells), "the JSON export's cells are the saved map's");
    } else if (ext === "svg") {
      check(bytes.toString("utf8").includes("<svg") && bytes.length > 10000, `the SVG export is an SVG picture (${bytes.length} bytes)`);
    } else if (ext === "pdf") {
      check(bytes.subarray(0, 5).toString() === "%PDF-", `the PDF export is a PDF (${bytes.length} bytes)`);
    }
  }

  // 3d. The exports made of several files download as one zip each (a VASSAL module is a
  // zip of its own): Debian's unzip tests the archive, and every file the export writes is
  // in it and not empty.
  const zipped = [
    ["vassal", 122, 241, ".vmod", ["moduledata", "buildFile.xml", "images/board.png"]],
    ["foundry", 743, 241, ".json.zip", ["{stem}.json", "{stem}-background.png"]],
    ["godot", 122, 264, ".tscn.zip", ["{stem}.tscn", "{stem}-tileset.tres", "{stem}-atlas.png"]],
    ["key-md", 743, 264, ".zip", ["{stem}/index.md", "{stem}/tags.md", "{stem}/map.png"]],
  ];
  for (const [format, x, y, suffix, wanted] of zipped) {
    downloads.length = 0;
    check(await openExportWindow(page), `File → Export… opened the window for ${format}`);
    await page.mouse.click(x, y);
    await page.waitForTimeout(300);
    await shot(page, `export-${format}.png`);
    await page.keyboard.press("Enter");
    for (let i = 0; i < 600 && downloads.length < 1; i++) await page.waitForTimeout(100);
    await page.waitForTimeout(500);
    const names = downloads.map((d) => d.suggestedFilename());
    check(downloads.length === 1 && names[0].endsWith(suffix), `the ${format} export downloaded one file, a zip: ${names.join(", ")}`);
    const file = join(outDir, names[0]);
    await downloads[0].saveAs(file);
    execFileSync("unzip", ["-tq", file], { stdio: "inherit" });
    const entries = execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).split("\n").filter((l) => l);
    const sizes = entries.map((e) => execFileSync("unzip", ["-p", file, e], { maxBuffer: 256 << 20 }).length);
    const expected = wanted.map((w) => w.replaceAll("{stem}", names[0].replace(/\.(vmod|zip)$/, "").replace(/\.(json|tscn)$/, "")));
    const missing = expected.filter((w) => !entries.includes(w));
    check(missing.length === 0 && sizes.every((n) => n > 0), `unzip -t accepts ${names[0]}; it holds ${entries.map((e, i) => `${e} (${sizes[i]} bytes)`).join(", ")}${missing.length ? `; missing ${missing.join(", ")}` : ""}`);
  }
  page.removeAllListeners("download");

  // 4. File → Open sample → hexcrawl.ron (the samples are bundled into the page, with their
  // tile art): the title names it. Menu places as egui lays out the File menu at 1280 × 800.
  const hexcrawlName = JSON.parse(execFileSync(hexmapBin, ["export", join(repo, "maps/hexcrawl.ron"), "--to", "json", "-"], { encoding: "utf8", maxBuffer: 64 << 20 })).name;
  await page.mouse.click(19, 12);
  await page.waitForTimeout(500);
  await page.mouse.move(60, 108);
  await page.waitForTimeout(500);
  await page.mouse.move(640, 108);
  await page.mouse.move(648, 154);
  await page.waitForTimeout(300);
  await page.mouse.click(648, 154);
  await page.waitForFunction((n) => document.title.startsWith(n), hexcrawlName, { timeout: 20000 }).catch(() => {});
  await shot(page, "sample-menu.png");
  await page.mouse.move(W - 5, H / 2);
  await page.waitForTimeout(2000);
  const crawlShot = await shot(page, "sample-hexcrawl.png");
  check((await page.title()).startsWith(hexcrawlName + " — /samples/hexcrawl.ron"), `File → Open sample opened the bundled hexcrawl.ron (title "${await page.title()}")`);

  // 4a. The hexcrawl is a family of maps: with the Select tool, a double-click on Saltmere's
  // hex (0507, where egui lays it out at 1280 × 800) opens Saltmere — the title names it —
  // and the breadcrumb's first button goes back up to the kingdom.
  await page.mouse.click(466, 37);
  await page.waitForTimeout(300);
  await page.mouse.dblclick(490, 432);
  await page.waitForFunction(() => document.title.startsWith("Saltmere — "), null, { timeout: 20000 }).catch(() => {});
  await page.mouse.move(W - 5, H / 2);
  await page.waitForTimeout(1000);
  const child = await shot(page, "family-child.png");
  check((await page.title()).startsWith("Saltmere — /samples/hexcrawl.ron"), `a double-click on 0507 opened the child map Saltmere (title "${await page.title()}")`);
  check(lib.differing(crawlShot, child, [300, 120, 960, 680]) > 0.3, "the canvas shows another map");
  await page.mouse.click(72, 85);
  await page.waitForFunction((n) => document.title.startsWith(n + " — "), hexcrawlName, { timeout: 20000 }).catch(() => {});
  check((await page.title()).startsWith(hexcrawlName + " — /samples/hexcrawl.ron") && !(await page.title()).includes("*"), `the breadcrumb went back up to the kingdom, unchanged (title "${await page.title()}")`);
  await page.mouse.click(94, 37);
  await page.waitForTimeout(300);

  // 4b. A chooser the browser refuses is reported, and the question is not left hanging.
  // Browsers show a file chooser only within 5 s of a real click or key press; a script's
  // Ctrl+O 6 s after the last of them has neither, so the browser refuses it. (Playwright's
  // `evaluate` itself counts as a user gesture: the script waits 6 s before it presses.)
  // The status bar then says so, and the real Ctrl+O of step 5 must show the chooser (a
  // question left waiting would hold every later Open in its queue).
  await page.mouse.click(700, 12);
  await page.waitForTimeout(500);
  const beforeRefusal = await shot(page);
  const refusedChooser = page.waitForEvent("filechooser", { timeout: 10000 }).then(() => true, () => false);
  await page.evaluate(() => {
    const target = document.activeElement && document.activeElement !== document.body
      ? document.activeElement : document.querySelector("canvas");
    setTimeout(() => {
      for (const type of ["keydown", "keyup"]) {
        target.dispatchEvent(new KeyboardEvent(type, { key: "o", code: "KeyO", ctrlKey: true, bubbles: true }));
      }
    }, 6000);
  });
  check(!(await refusedChooser), "a script's Ctrl+O, with no user activation, showed no file chooser");
  const afterRefusal = await shot(page, "chooser-refused.png");
  let statusChanged = 0;
  for (let x = 360; x < 900; x++) {
    for (let y = 780; y < 798; y++) {
      if (!near(beforeRefusal.at(x, y), afterRefusal.at(x, y), 30)) statusChanged++;
    }
  }
  check(statusChanged > 50, `the status bar's message changed when the browser refused the chooser (${statusChanged} pixels)`);

  // 5. A map opened through the browser's file chooser (Ctrl+O): the title changes.
  const other = join(repo, "maps/wargame-river-crossing.ron");
  const otherName = JSON.parse(execFileSync(hexmapBin, ["export", other, "--to", "json", "-"], { encoding: "utf8", maxBuffer: 64 << 20 })).name;
  const chooser = await chooserFromCtrlO(page);
  await chooser.setFiles(other);
  await page.waitForFunction((n) => document.title.startsWith(n), otherName, { timeout: 20000 });
  check(true, `Ctrl+O opened wargame-river-crossing.ron from the file chooser (title "${await page.title()}")`);
  await shot(page, "opened.png");

  // 5b. A map that names tile art and image icons, opened from the chooser: the page asks
  // once for the images (Enter chooses), several files are given together, and the map is
  // then drawn as the bundled sample (with its art) was drawn in step 4.
  const crawl = join(repo, "maps/hexcrawl.ron");
  const crawlChooser = await chooserFromCtrlO(page);
  await crawlChooser.setFiles(crawl);
  await page.waitForFunction((n) => document.title.startsWith(n + " — /browser/"), hexcrawlName, { timeout: 20000 });
  await page.waitForTimeout(1500);
  const asked = await shot(page, "images-asked.png");
  // A script's Enter, long after the last user gesture, gets no chooser from the browser:
  // the question must stay up (saying why) for the person to answer again, not vanish
  // with the images never asked for.
  const refusedImages = page.waitForEvent("filechooser", { timeout: 9000 }).then(() => true, () => false);
  await page.evaluate(() => {
    const target = document.activeElement && document.activeElement !== document.body
      ? document.activeElement : document.querySelector("canvas");
    setTimeout(() => {
      for (const type of ["keydown", "keyup"]) {
        target.dispatchEvent(new KeyboardEvent(type, { key: "Enter", code: "Enter", bubbles: true }));
      }
    }, 6000);
  });
  check(!(await refusedImages), "a script's Enter on the question, with no user activation, showed no chooser");
  await shot(page, "images-refused.png");
  // Enter chooses; pressed again if the busy page lost the key.
  let imageChooser = null;
  for (let attempt = 0; attempt < 4 && !imageChooser; attempt++) {
    const waiting = page.waitForEvent("filechooser", { timeout: 6000 }).catch(() => null);
    await page.keyboard.press("Enter");
    imageChooser = await waiting;
    if (!imageChooser) {
      console.log(`note: Enter on the images question showed no chooser (attempt ${attempt + 1})`);
      await shot(page, `images-enter-missed-${attempt + 1}.png`);
    }
  }
  check(imageChooser, "Enter on the question (after the refused one) opened the browser's file chooser");
  check(imageChooser.isMultiple(), "the page asks for the map's images with a chooser that takes several files");
  const artDir = join(repo, "maps/art");
  const artFiles = readdirSync(artDir).filter((n) => /\.(png|svg)$/.test(n)).map((n) => join(artDir, n));
  await imageChooser.setFiles(artFiles);
  await page.mouse.move(W - 5, H / 2);
  await page.waitForTimeout(3000);
  const given = await shot(page, "images-given.png");
  const bundled = PNG.sync.read(readFileSync(join(outDir, "sample-hexcrawl.png")));
  bundled.at = (x, y) => {
    const i = (Math.round(y) * bundled.width + Math.round(x)) * 4;
    return [bundled.data[i], bundled.data[i + 1], bundled.data[i + 2]];
  };
  const differing = (a) => {
    let n = 0, all = 0;
    for (let y = 120; y < 680; y += 3) for (let x = 320; x < 960; x += 3) {
      all++;
      if (!near(a.at(x, y), bundled.at(x, y), 24)) n++;
    }
    return n / all;
  };
  const whileAsked = differing(asked), withArt = differing(given);
  check(whileAsked > 0.1 && withArt < 0.03, `with the chosen images the map is drawn as the bundled sample with its art (${(withArt * 100).toFixed(1)}% of canvas pixels differ; ${(whileAsked * 100).toFixed(1)}% while the images were asked for)`);
  // 5c. A big export does not hold the page: a generated 200 × 200 world (40,000 hexes)
  // exported as PNG runs in steps between frames, so the page keeps drawing (counted as
  // animation frames, which a busy main thread cannot run) until the picture downloads.
  const world = join(outDir, "steps-world.ron");
  execFileSync(hexmapBin, ["generate", world, "--shape", "rect:200x200", "--seed", "7", "--preset", "continent", "--force"], { stdio: "inherit" });
  const worldName = JSON.parse(execFileSync(hexmapBin, ["info", world, "--json"], { encoding: "utf8" })).name;
  const worldChooser = await chooserFromCtrlO(page);
  await worldChooser.setFiles(world);
  await page.waitForFunction((n) => document.title.startsWith(n), worldName, { timeout: 60000 });
  await page.waitForTimeout(1000);
  check(await openExportWindow(page), "File → Export… opened the window for the big PNG");
  await page.mouse.click(484, 271);
  await page.waitForTimeout(300);
  await shot(page, "export-big-png.png");
  await page.evaluate(() => {
    window.__frames = [];
    const tick = (t) => { window.__frames.push(t); window.__raf = requestAnimationFrame(tick); };
    window.__raf = requestAnimationFrame(tick);
  });
  const started = Date.now();
  const bigDownload = page.waitForEvent("download", { timeout: 300000 });
  await page.keyboard.press("Enter");
  await page.waitForTimeout(1500);
  await shot(page, "export-big-png-running.png");
  const big = await bigDownload;
  const exportMs = Date.now() - started;
  const frames = await page.evaluate(() => { cancelAnimationFrame(window.__raf); return window.__frames; });
  const gaps = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
  const bigPath = join(outDir, big.suggestedFilename());
  await big.saveAs(bigPath);
  const bigPng = PNG.sync.read(readFileSync(bigPath));
  console.log(`figure big_export_ms ${exportMs} frames ${frames.length} longest_gap_ms ${gaps.length ? gaps[gaps.length - 1].toFixed(0) : "-"} median_gap_ms ${gaps.length ? gaps[gaps.length >> 1].toFixed(0) : "-"}`);
  check(bigPath.endsWith(".png") && bigPng.width > 1000, `the big world downloaded as ${big.suggestedFilename()} (${bigPng.width} × ${bigPng.height})`);
  check(frames.length >= 20, `the page drew ${frames.length} frames during the ${(exportMs / 1000).toFixed(1)} s export (it ran in steps, not as one long frame)`);

  // Back to the map of step 5 for the autosave steps.
  const backChooser = await chooserFromCtrlO(page);
  await backChooser.setFiles(other);
  await page.waitForFunction((n) => document.title.startsWith(n), otherName, { timeout: 20000 });

  // 6. Change it and reload at once, as a person does (no wait for an autosave): the
  // browser asks "Leave site?" (answered Leave), the reloaded page offers the work back,
  // and Enter restores it: the title names the map, modified, and the change is on screen.
  const leaveAsked = leaveWhenAsked(page);
  const centre = [W * 0.6, H * 0.5];
  const box = [centre[0] - 40, centre[1] - 40, centre[0] + 40, centre[1] + 40];
  // Screenshots with the pointer off the map (no hover outline in them).
  await page.mouse.move(W - 5, H / 2);
  await page.waitForTimeout(300);
  const unedited = await shot(page);
  await page.mouse.click(...centre);
  await page.mouse.move(W - 5, H / 2);
  await page.waitForTimeout(200);
  check((await page.title()).includes("*"), "the opened map is modified by a click");
  const edited = await shot(page, "edited.png");
  check(lib.differing(unedited, edited, box) > 0.02, "the click changed the map on screen");
  const reloadStarted = Date.now();
  await page.reload();
  check(leaveAsked.includes("beforeunload"), `the browser asked "Leave site?" before the reload (asked: ${leaveAsked.join(", ")})`);
  await lib.editorReady(page);
  await page.waitForTimeout(1500);
  await shot(page, "restore-offer.png");
  await page.keyboard.press("Enter");
  await page.waitForFunction((n) => document.title.startsWith(n) && document.title.includes("*"), otherName, { timeout: 20000 });
  await page.mouse.move(W - 5, H / 2);
  await page.waitForTimeout(800);
  const restored = await shot(page, "restored.png");
  const off = lib.differing(edited, restored, box);
  check(off < 0.02, `a reload right after the edit (${((Date.now() - reloadStarted) / 1000).toFixed(1)} s to the restore) kept it: Enter restored "${await page.title()}", the edited hexes as they were (${(off * 100).toFixed(1)}% of pixels near the edit differ)`);
} catch (e) {
  failed = true;
  console.error(e.message);
} finally {
  await browser.close();
}
if (failed) process.exit(1);
