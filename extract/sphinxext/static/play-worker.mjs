/* The Play panel's worker: runs the edition's own engine (Python) in Pyodide, off the page's
   main thread. Messages: {id, cmd, args} -> {id, result} or {id, error}. cmd "init"
   ({engine: URL of engine-<hash>.zip}) first; then "position", "hint", "solve" with the
   keyword arguments of engine.api.position / hint / solve_from. Files come from this site
   only (_static/pyodide/, _static/play/): nothing from a CDN. */
import { loadPyodide } from "./pyodide/pyodide.mjs";

let ready = null;
let call = null;

async function init(args) {
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  const py = await loadPyodide({ indexURL, packages: [] });
  const resp = await fetch(args.engine);
  if (!resp.ok) { throw new Error("cannot load the engine (" + args.engine + "): HTTP " + resp.status); }
  py.unpackArchive(await resp.arrayBuffer(), "zip", { extractDir: "/home/pyodide/edition" });
  py.runPython([
    "import json, sys",
    "sys.path.insert(0, '/home/pyodide/edition')",
    "from engine import api",
    "_CMDS = {'position': api.position, 'hint': api.hint, 'solve': api.solve_from}",
    "def _edition_call(cmd, args):",
    "    try:",
    "        return json.dumps({'result': _CMDS[cmd](**json.loads(args))})",
    "    except ValueError as e:",
    "        return json.dumps({'error': str(e)})",
  ].join("\n"));
  call = py.globals.get("_edition_call");
  return { python: py.runPython("import sys; sys.version.split()[0]"), pyodide: py.version };
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
    const out = JSON.parse(call(cmd, JSON.stringify(args)));
    self.postMessage(out.error !== undefined ? { id, error: out.error } : { id, result: out.result });
  } catch (e) {
    const text = String((e && e.message) || e).trim().split("\n");
    self.postMessage({ id, error: text[text.length - 1] });
  }
};
