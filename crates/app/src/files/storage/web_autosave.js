// The browser's autosave slots of hexmap's editor, in IndexedDB (called by
// web_autosave.rs). Every page holds a slot of its own: its name is kept in the tab's
// sessionStorage (so a reload keeps it) and held with a Web Lock for as long as the page
// lives, so another page can tell which slots belong to open pages. Where Web Locks are
// missing (a page not served over https or from localhost), open pages answer a
// BroadcastChannel roll call instead.

const DB = "hexmap-autosave";
const STORE = "slots";
const LOCK = "hexmap-slot:";
const SLOT_KEY = "hexmap.slot";
const CHANNEL = "hexmap-slots";

let db = null;
let ready = null;
let own = null;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function newSlot() {
  return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);
}

function settled(request) {
  return new Promise((done, fail) => {
    request.onsuccess = () => done(request.result);
    request.onerror = () => fail(request.error);
  });
}

function openDb() {
  const request = indexedDB.open(DB, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "slot" });
  return settled(request);
}

/** Try to hold the lock of `slot` for the page's lifetime; true if it is now held. */
function holdLock(slot) {
  return new Promise((done) => {
    navigator.locks.request(LOCK + slot, { ifAvailable: true }, (lock) => {
      done(!!lock);
      // Held until the page goes.
      return lock ? new Promise(() => {}) : undefined;
    });
  });
}

/** This page's slot, held. A reload keeps the tab's slot; a duplicated tab, whose copy of
 *  sessionStorage names a slot its original still holds, takes a new one. */
async function holdSlot() {
  let slot = null;
  try {
    slot = sessionStorage.getItem(SLOT_KEY);
  } catch (_) {}
  slot = slot || newSlot();
  if (navigator.locks) {
    // After a reload the page before may let go of the lock a moment late.
    let held = false;
    for (let attempt = 0; attempt < 5 && !held; attempt++) {
      held = await holdLock(slot);
      if (!held) await sleep(300);
    }
    while (!held) {
      slot = newSlot();
      held = await holdLock(slot);
    }
  }
  try {
    sessionStorage.setItem(SLOT_KEY, slot);
  } catch (_) {}
  return slot;
}

/** The slots other open pages hold. */
async function openSlots(own) {
  if (navigator.locks) {
    const state = await navigator.locks.query();
    return new Set(
      state.held.map((l) => l.name).filter((n) => n.startsWith(LOCK)).map((n) => n.slice(LOCK.length)),
    );
  }
  if (typeof BroadcastChannel === "undefined") return new Set();
  const channel = new BroadcastChannel(CHANNEL);
  const open = new Set();
  channel.onmessage = (e) => {
    if (e.data && e.data.alive) open.add(e.data.alive);
  };
  channel.postMessage({ who: own });
  await sleep(400);
  channel.close();
  return open;
}

/** Answer other pages' roll calls (where there are no Web Locks). */
function answerRollCalls(slot) {
  if (navigator.locks || typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e) => {
    if (e.data && e.data.who) channel.postMessage({ alive: slot });
  };
}

/** Start: this page's slot, and every slot no other open page holds (this page's own from
 *  before a reload included), as `{ slot, left: [record…] }`. A record is
 *  `{ slot, name, file, ms, data }` (data: the map's RON, deflated). */
export function start() {
  ready = (async () => {
    const slot = await holdSlot();
    own = slot;
    answerRollCalls(slot);
    db = await openDb();
    const open = await openSlots(slot);
    const all = await settled(db.transaction(STORE).objectStore(STORE).getAll());
    const left = all.filter((r) => r.slot === slot || !open.has(r.slot));
    return { slot, left };
  })();
  return ready;
}

/** A write's transaction, settled when it is committed. Started at once when the store is
 *  open (as it is long before a page is hidden or closed), so a write asked for while the
 *  page goes is under way before it has gone. */
function write(change) {
  const run = () =>
    new Promise((done, fail) => {
      const t = db.transaction(STORE, "readwrite");
      change(t.objectStore(STORE));
      t.oncomplete = () => done();
      t.onabort = () => fail(t.error || new Error("the browser's store refused the write"));
      if (t.commit) t.commit();
    });
  return db ? run() : ready.then(run);
}

/** Keep `record` (`{ name, file, ms, data }`) in this page's slot. */
export function put(record) {
  return write((store) => store.put({ ...record, slot: own }));
}

/** Remove the slot named `slot`. */
export function remove(slot) {
  return write((store) => store.delete(slot));
}

/** `[used, quota]` in bytes, as the browser estimates them, or null. */
export async function estimate() {
  if (!navigator.storage || !navigator.storage.estimate) return null;
  const e = await navigator.storage.estimate();
  return [e.usage || 0, e.quota || 0];
}
