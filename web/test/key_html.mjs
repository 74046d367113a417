// The key's web page (`hexmap export MAP --to key-html`) read in Chromium as a person
// reads it: a click on a keyed hex's centre — placed by hexmap's own geometry, the JSON
// export's layout and the picture's world → pixel transform the page carries — scrolls
// to that hex's entry; a click on a hex without an entry goes nowhere; the search box
// keeps only the entries that match, with no network.
//
// Usage: node web/test/key_html.mjs HEXMAP_BIN OUT_DIR
import * as lib from "./lib.mjs";
import { check } from "./lib.mjs";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [hexmapBin, outDir] = process.argv.slice(2);
if (!hexmapBin || !outDir) {
  console.error("usage: node web/test/key_html.mjs HEXMAP_BIN OUT_DIR");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const sample = new URL("../../maps/hexcrawl.ron", import.meta.url).pathname;
const page_file = join(outDir, "hexcrawl-key.html");
execFileSync(hexmapBin, ["export", sample, "--to", "key-html", page_file, "--force"]);
const json = lib.hexmapJson(hexmapBin, ["export", sample, "--to", "json", "-"]);

// hexmap's centre of a hex in world units: the layout's forward matrix.
const f = json.layout.forward, [sx, sy] = json.layout.size, [ox, oy] = json.layout.origin;
const centre = ([q, r]) => [(f[0] * q + f[1] * r) * sx + ox, (f[2] * q + f[3] * r) * sy + oy];
const keyed = new Set(json.key.map((e) => e.hex.join(",")));
// Hexes under an icon's or a region's entry lead to that entry: not "without an entry".
const owned = new Set([
  ...json.icons.filter((i) => i.key).map((i) => i.hex.join(",")),
  ...(json.regions || []).filter((r) => r.key).flatMap((r) => r.hexes.map((h) => h.join(","))),
]);

const browser = await lib.launch();
let failed = false;
try {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  const requests = [];
  page.on("request", (r) => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) requests.push(r.url()); });
  await page.goto(pathToFileURL(page_file).href);
  // Where a world point is on the screen: the picture's box and its transform.
  const placeOf = async () => page.evaluate(() => {
    const img = document.getElementById("map");
    const box = img.getBoundingClientRect();
    return { box: [box.left, box.top, box.width, box.height], t: JSON.parse(img.dataset.transform) };
  });
  const onScreen = (place, [x, y]) => {
    const { box, t } = place;
    return [box[0] + (x * t.scale + t.offset[0]) * box[2] / t.size[0],
            box[1] + (y * t.scale + t.offset[1]) * box[3] / t.size[1]];
  };
  // Every keyed hex: a click on its centre shows its entry at the top of the window.
  let good = 0;
  for (const e of json.key) {
    await page.evaluate(() => { history.replaceState(null, "", location.pathname); window.scrollTo(0, 0); });
    const place = await placeOf();
    const [x, y] = onScreen(place, centre(e.hex));
    await page.mouse.click(x, y);
    await page.waitForTimeout(50);
    const seen = await page.evaluate((id) => {
      const a = document.getElementById(id);
      const r = a.getBoundingClientRect();
      return { hash: location.hash, top: r.top, scrolled: window.scrollY };
    }, `hex-${e.label}`);
    // The last entries cannot reach the top of a page that ends below them: in the window is enough.
    if (seen.hash === `#hex-${e.label}` && seen.scrolled > 0 && seen.top >= -1 && seen.top < 700) good++;
    else console.log(`  ${e.label} ${e.title}: ${JSON.stringify(seen)}`);
  }
  check(good === json.key.length, `a click on each of the ${json.key.length} keyed hexes' centres scrolls to its entry (${good})`);
  await lib.shot(page, outDir, "key-html-entry.png");

  // A hex without an entry, next to a keyed one: the click goes nowhere.
  const bare = json.cells.find((c) => !keyed.has(c.hex.join(",")) && !owned.has(c.hex.join(",")) && c.hex[1] > 2 && c.hex[0] > 2);
  await page.evaluate(() => { history.replaceState(null, "", location.pathname); window.scrollTo(0, 0); });
  const [bx, by] = onScreen(await placeOf(), centre(bare.hex));
  await page.mouse.click(bx, by);
  await page.waitForTimeout(50);
  const after = await page.evaluate(() => ({ hash: location.hash, scrolled: window.scrollY }));
  check(after.hash === "" && after.scrolled === 0, `a click on a hex without an entry goes nowhere (${JSON.stringify(after)})`);

  // The search: typed as a person types, it keeps the entries whose text holds the word.
  await page.click("#search");
  await page.keyboard.type("lair", { delay: 30 });
  const shown = await page.evaluate(() => [...document.querySelectorAll("article")].filter((a) => !a.hidden).map((a) => a.id));
  const wanted = json.key
    .filter((e) => [e.label, e.title, e.player_text, e.gm_text || "", e.tags.join(" ")].join(" ").toLowerCase().includes("lair"))
    .map((e) => `hex-${e.label}`);
  check(JSON.stringify(shown) === JSON.stringify(wanted), `searching "lair" keeps ${wanted.length} entries: ${shown.join(" ")}`);
  await lib.shot(page, outDir, "key-html-search.png");
  check(requests.length === 0, `nothing fetched from the network (${requests.join(" ")})`);
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
