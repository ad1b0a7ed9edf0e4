/* The Play panel's worker: runs the edition's own engine (Python) in Pyodide, off the page's
   main thread. Messages: {id, cmd, args} -> {id, result} or {id, error[, detail]}; while it
   starts, {progress: words} (what it is doing now). cmd "init" ({engine: URL of
   engine-<hash>.zip}) first; then "position", "hint", "solve", "replay", answered by
   play_worker.answer (extract/sphinxext/play_worker.py, shipped in the zip): a deal number
   travels as decimal text, and an error is the engine's one-line message, never a Python
   error text. Files come from this site only (_static/pyodide/, _static/play/): nothing
   from a CDN.
   A warm start: after a fresh start, when the first request comes (the reader opened the
   panel; a page whose panel is only started in advance keeps nothing), the worker keeps an
   image of Python's memory, taken with the engine imported and before the request is
   answered, in the browser's Cache Storage (one entry,
   named by the engine zip's hashed address and Pyodide's version; about 30 MB); the next
   visit restores it instead of starting Python again (Pyodide's memory snapshot, a private
   API of the pinned version, which checks its build id and refuses any other image). A kept
   image that Pyodide refuses, or whose bytes are not the ones kept, is deleted and Python
   starts afresh; a failed download of the engine or of Python's files is not the image's
   fault and leaves it kept. The worker posts {snapshot: "restored"} after a start from the
   image, {snapshot: "kept" | "not kept"} once a fresh start's image is stored or not (no
   Cache Storage, no room, refused). */
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

const SNAPSHOTS = "edition-play-snapshot";
const EDITION = "/home/pyodide/edition";
let ready = null;
let answer = null;
let python = null;           /* Pyodide, once started */
let keepAtFirstRequest = null;   /* the image's key, while a fresh start's image is to be kept */

function progress(words) { self.postMessage({ progress: words }); }

async function digest(bytes) {
  return Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
                    (b) => b.toString(16).padStart(2, "0")).join("");
}

/* The kept image for this engine and Pyodide, or null: none kept, no Cache Storage here (it
   exists only on https: and localhost pages), or bytes that are not the ones kept (their
   SHA-256 differs from the one stored beside them: a damaged image could make Pyodide's start
   hang, so it is never given one). */
async function keptSnapshot(key) {
  if (!self.caches) { return null; }
  const kept = await (await caches.open(SNAPSHOTS)).match(key);
  if (!kept) { return null; }
  const image = new Uint8Array(await kept.arrayBuffer());
  if (kept.headers.get("X-Edition-SHA-256") !== await digest(image)) {
    throw new Error("the kept copy of Python is damaged (its SHA-256 differs)");
  }
  return image;
}

/* Keep ``image`` under ``key`` as the only entry (images of other engines are deleted). */
async function keepSnapshot(key, image) {
  const cache = await caches.open(SNAPSHOTS);
  for (const old of await cache.keys()) { if (old.url !== key) { await cache.delete(old); } }
  await cache.put(key, new Response(image, { headers: { "Content-Type": "application/octet-stream",
                                                        "X-Edition-SHA-256": await digest(image) } }));
}

async function forget(key, why) {
  console.warn("the kept copy of Python could not be used, so it is deleted: " + String(why));
  await caches.open(SNAPSHOTS).then((c) => c.delete(key)).catch((e) => console.warn(String(e)));
}

/* The engine (the zip's bytes) into Python, and imported; an Error naming the edition's
   fault when the zip is not a zip or the engine does not import. */
function loadEngine(py, zip) {
  try {
    py.unpackArchive(zip, "zip", { extractDir: EDITION });
    py.runPython("import sys\nif '" + EDITION + "' not in sys.path:\n    sys.path.insert(0, '" +
                 EDITION + "')\nimport play_worker");
  } catch (e) {
    console.warn(String(e));   /* the traceback, for a developer; never on the page */
    throw new Error("the edition's engine could not be loaded (a fault in the edition, not in your browser)");
  }
}

/* Python restored from the kept image, or null when the image is refused (then it is
   deleted). Pyodide reports a failed download of its standard library only on the console
   and starts without it: that is not the image's fault, so it is an Error, and the image
   stays. */
async function restorePython(indexURL, key, kept) {
  let py;
  try {
    py = await loadPyodide({ indexURL, packages: [], _loadSnapshot: kept });
  } catch (e) {
    await forget(key, e);
    return null;
  }
  if (!py.FS.readdir("/lib").some((f) => /^python[0-9]+\.zip$/.test(f))) {
    throw new Error("Python (Pyodide) could not start: its standard library did not download; reload the page");
  }
  return py;
}

/* Python with the engine imported: from the kept image when there is one that works, else
   afresh. Returns [pyodide, started from the image?]. */
async function startPython(indexURL, key, engineZip) {
  const kept = await keptSnapshot(key).catch((e) => forget(key, e).then(() => null));
  if (kept) {
    progress("starting Python from the copy this browser kept of it");
    const zip = await engineZip;   /* a failed download is not the image's fault */
    const py = await restorePython(indexURL, key, kept);
    if (py) {
      loadEngine(py, zip);   /* nor is a broken zip: the image stays for the next visit */
      return [py, true];
    }
  }
  progress("loading and compiling Python (Pyodide, about 13 MB the first time; the browser keeps it for the next visit)");
  let py;
  try {
    py = await loadPyodide({ indexURL, packages: [], _makeSnapshot: Boolean(self.caches) });
  } catch (e) {
    throw new Error("Python (Pyodide) could not start in this browser: " + String((e && e.message) || e).split("\n")[0]);
  }
  progress("loading the edition's engine");
  loadEngine(py, await engineZip);
  return [py, false];
}

/* Is there room for ``bytes`` more in this site's storage (with as much to spare)? A browser
   that says nothing is given the benefit of the doubt. */
async function roomFor(bytes) {
  if (!(self.navigator && navigator.storage && navigator.storage.estimate)) { return true; }
  const { usage, quota } = await navigator.storage.estimate();
  return quota - usage > 2 * bytes;
}

/* Take the image of a fresh Python (at once: the caller answers a request next) and keep
   it; posts {snapshot: "kept" | "not kept"}. */
async function keepPython(py, key) {
  try {
    const image = py.makeMemorySnapshot();
    if (!await roomFor(image.length)) { throw new Error("the site's storage has no room for it"); }
    await keepSnapshot(key, image);
    self.postMessage({ snapshot: "kept" });
  } catch (e) {
    console.warn("the browser did not keep a copy of Python: " + String(e));
    self.postMessage({ snapshot: "not kept" });
  }
}

async function init(args) {
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const key = new URL("snapshot?pyodide=" + encodeURIComponent(version) + "&engine=" +
                      encodeURIComponent(new URL(args.engine, self.location.href).href), indexURL).href;
  const engineZip = fetch(args.engine).then((resp) => {   /* in parallel with Pyodide's start */
    if (!resp.ok) { throw new Error("cannot load the engine (" + args.engine + "): HTTP " + resp.status); }
    return resp.arrayBuffer();
  });
  engineZip.catch(() => {});   /* awaited below; this only stops an early "unhandled" report */
  const [py, restored] = await startPython(indexURL, key, engineZip);
  python = py;
  if (restored) {
    self.postMessage({ snapshot: "restored" });
  } else if (self.caches) {
    keepAtFirstRequest = key;   /* a page whose panel is never opened keeps nothing */
  } else {
    self.postMessage({ snapshot: "not kept" });   /* no Cache Storage on this page */
  }
  return { python: py.runPython("import sys; sys.version.split()[0]"), pyodide: py.version,
           started: restored ? "kept copy" : "fresh" };
}

self.onmessage = async (ev) => {
  const { id, cmd, args } = ev.data;
  try {
    if (cmd === "init") {
      ready = ready || init(args);
      self.postMessage({ id, result: await ready });
      return;
    }
    await ready;
    if (!answer) {
      if (keepAtFirstRequest) {   /* before any request is answered, no JavaScript object held */
        keepPython(python, keepAtFirstRequest);
        keepAtFirstRequest = null;
      }
      answer = python.globals.get("play_worker").answer;
    }
    const out = JSON.parse(answer(cmd, JSON.stringify(args)));
    if (out.detail) { console.warn(out.detail); }
    self.postMessage(out.error !== undefined ? { id, error: out.error } : { id, result: out.result });
  } catch (e) {
    console.warn(String(e));
    self.postMessage({ id, error: e instanceof Error && !e.type ? e.message.split("\n")[0]
      : "the engine failed on this request (a fault in the edition's engine, not in what you asked)" });
  }
};
