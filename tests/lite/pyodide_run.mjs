// Run tests/lite/checks.py in Pyodide under Node, with no network: npm's pyodide package loaded
// from its folder, every other package from a folder of wheels described by its own
// pyodide-lock.json (bluffkit.lite.wheels.write_lock), bluffkit itself installed by micropip
// from its wheel file. Prints one line of JSON: {"result": checks.run(modules), "seconds": {...}}.
//
// node pyodide_run.mjs PYODIDE_DIR WHEELS_DIR BLUFFKIT_WHEEL CHECKS_PY MODULES_JSON
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheels, bluffkitWheel, checksPy, modulesJson] = process.argv.slice(2);
const seconds = {};
let t = performance.now();
const lap = (name) => { const now = performance.now(); seconds[name] = (now - t) / 1000; t = now; };

const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const lock = JSON.parse(readFileSync(`${wheels}/pyodide-lock.json`, "utf8"));
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`,
  lockFileURL: `${wheels}/pyodide-lock.json`,
  packageCacheDir: `${wheels}/`,
  stdout: (line) => process.stderr.write(`[pyodide] ${line}\n`),
  stderr: (line) => process.stderr.write(`[pyodide] ${line}\n`),
});
lap("start");
const dependencies = Object.keys(lock.packages).filter((name) => name !== "bluffkit");
await pyodide.loadPackage(dependencies, { messageCallback: () => {} });
lap("dependencies");

// as in a Capytale activity (README): the wheel among the notebook's files, installed by name
pyodide.FS.mkdirTree("/home/pyodide/activity");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: wheels }, "/home/pyodide/activity");
await pyodide.runPythonAsync(`
import os, micropip
os.chdir("/home/pyodide/activity")
await micropip.install("emfs:${basename(bluffkitWheel)}", deps=False)
os.chdir("/home/pyodide")
`);
lap("install");

pyodide.FS.writeFile("/home/pyodide/checks.py", readFileSync(checksPy, "utf8"));
pyodide.globals.set("modules_json", readFileSync(modulesJson, "utf8"));
const out = await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "/home/pyodide")
import checks
json.dumps(checks.run(json.loads(modules_json)))
`);
lap("checks");
process.stdout.write(JSON.stringify({ result: JSON.parse(out), seconds }) + "\n");
