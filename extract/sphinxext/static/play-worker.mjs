/* The Play panel's worker: runs the edition's own engine (Python) in Pyodide, off the page's
   main thread. Messages: {id, cmd, args} -> {id, result} or {id, error[, detail]}; while it
   starts, {progress: words} (what it is doing now). cmd "init" ({engine: URL of
   engine-<hash>.zip}) first; then "position", "hint", "solve", "replay", answered by
   play_worker.answer (extract/sphinxext/play_worker.py, shipped in the zip): a deal number
   travels as decimal text, and an error is the engine's one-line message, never a Python
   error text. Files come from this site only (_static/pyodide/, _static/play/): nothing
   from a CDN.
   A warm start: after a fresh start the worker keeps an image of Python's memory, taken with
   the engine imported and before any request, in the browser's Cache Storage (one entry,
   named by the engine zip's hashed address and Pyodide's version; about 30 MB); the next
   visit restores it instead of starting Python again (Pyodide's memory snapshot, a private
   API of the pinned version, which checks its build id and refuses any other image). A kept
   image that cannot be used is deleted and Python starts afresh. The worker posts
   {snapshot: "kept" | "not kept"} once the image is stored or refused. */
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

const SNAPSHOTS = "edition-play-snapshot";
const EDITION = "/home/pyodide/edition";
let ready = null;
let answer = null;

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

/* Python with the engine imported: from the kept image when there is one that works, else
   afresh. Returns [pyodide, started from the image?]. */
async function startPython(indexURL, key, engineZip) {
  const kept = await keptSnapshot(key).catch((e) => forget(key, e).then(() => null));
  if (kept) {
    progress("starting Python from the copy this browser kept of it");
    const zip = await engineZip;   /* a failed download is not the image's fault */
    try {
      const py = await loadPyodide({ indexURL, packages: [], _loadSnapshot: kept });
      py.unpackArchive(zip, "zip", { extractDir: EDITION });
      py.runPython("import play_worker");
      return [py, true];
    } catch (e) {
      await forget(key, e);
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
  py.unpackArchive(await engineZip, "zip", { extractDir: EDITION });
  try {
    py.runPython("import sys\nsys.path.insert(0, '" + EDITION + "')\nimport play_worker");
  } catch (e) {
    console.warn(String(e));   /* the traceback, for a developer; never on the page */
    throw new Error("the edition's engine could not be loaded (a fault in the edition, not in your browser)");
  }
  return [py, false];
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
  /* the image is taken before the first request, with no JavaScript object held by Python */
  if (!restored && self.caches) {
    let image = null;
    try { image = py.makeMemorySnapshot(); } catch (e) { console.warn("no copy of Python to keep: " + String(e)); }
    const kept = image ? keepSnapshot(key, image) : Promise.reject(new Error("no image"));
    kept.then(() => self.postMessage({ snapshot: "kept" }), (e) => {
      console.warn("the browser did not keep a copy of Python: " + String(e));
      self.postMessage({ snapshot: "not kept" });
    });
  }
  answer = py.globals.get("play_worker").answer;
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
    const out = JSON.parse(answer(cmd, JSON.stringify(args)));
    if (out.detail) { console.warn(out.detail); }
    self.postMessage(out.error !== undefined ? { id, error: out.error } : { id, result: out.result });
  } catch (e) {
    console.warn(String(e));
    self.postMessage({ id, error: e instanceof Error && !e.type ? e.message.split("\n")[0]
      : "the engine failed on this request (a fault in the edition's engine, not in what you asked)" });
  }
};
