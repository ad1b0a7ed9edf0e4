/* The Play panel's worker: runs the edition's own engine (Python) in Pyodide, off the page's
   main thread. Messages: {id, cmd, args} -> {id, result} or {id, error[, detail]}; while it
   starts, {progress: words} (what it is doing now). cmd "init" ({engine: URL of
   engine-<hash>.zip}) first; then "position", "hint", "solve", "replay", answered by
   play_worker.answer (extract/sphinxext/play_worker.py, shipped in the zip): a deal number
   travels as decimal text, and an error is the engine's one-line message, never a Python
   error text. Files come from this site only (_static/pyodide/, _static/play/): nothing
   from a CDN. */
import { loadPyodide } from "./pyodide/pyodide.mjs";

let ready = null;
let answer = null;

function progress(words) { self.postMessage({ progress: words }); }

async function init(args) {
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  progress("loading and compiling Python (Pyodide, about 13 MB the first time; the browser keeps it for the next visit)");
  const engineZip = fetch(args.engine);   /* in parallel with Pyodide's start */
  let py;
  try {
    py = await loadPyodide({ indexURL, packages: [] });
  } catch (e) {
    throw new Error("Python (Pyodide) could not start in this browser: " + String((e && e.message) || e).split("\n")[0]);
  }
  progress("loading the edition's engine");
  const resp = await engineZip;
  if (!resp.ok) { throw new Error("cannot load the engine (" + args.engine + "): HTTP " + resp.status); }
  py.unpackArchive(await resp.arrayBuffer(), "zip", { extractDir: "/home/pyodide/edition" });
  try {
    py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/edition')\nimport play_worker");
  } catch (e) {
    console.warn(String(e));   /* the traceback, for a developer; never on the page */
    throw new Error("the edition's engine could not be loaded (a fault in the edition, not in your browser)");
  }
  answer = py.globals.get("play_worker").answer;
  return { python: py.runPython("sys.version.split()[0]"), pyodide: py.version };
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
