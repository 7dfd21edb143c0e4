// The browser side of bluffkit.widgets.figure.LiveFigure (read figure.py first).
//
// anywidget gives a widget 2 s to load its module; until then the widget's messages wait, and
// after that every message is dropped. plotly's own FigureWidget module is 5 MB (plotly.js):
// on a busy machine it takes longer than 2 s, and the figure stays empty for good. This module
// is small and ready at once: it keeps the figure's data up to date from the first message on,
// imports plotly's module in the background (once per page, shared by every figure), and
// draws when it is there. plotly's own view (FigureView) does the drawing; its reports back to
// Python are sent after the browser has painted, and only the latest of a burst.
//
// Python's LiveFigure.update sends small edits as ONE custom message {bk: "update", style,
// traces, layout} (plotly.js update arguments): applied to the model's data like a plotly
// update, then drawn by each view with Plotly.update (a restyle/relayout, not a new plot).

const modules = (globalThis.__bluffkitPlotly ??= new Map());

function plotlyModule(model) {
  const key = model.get("_bk_plotly_id");
  if (!modules.has(key)) {
    // plotly registers the locales it finds here when its module loads (the French toolbar)
    const locales = model.get("_bk_locales") || [];
    globalThis.PlotlyLocales = [...(globalThis.PlotlyLocales || []), ...locales];
    const url = URL.createObjectURL(
      new Blob([model.get("_bk_plotly")], { type: "text/javascript" }));
    const loading = import(/* webpackIgnore: true */ url);
    loading.catch(() => modules.delete(key)).finally(() => URL.revokeObjectURL(url));
    modules.set(key, loading);
  }
  return modules.get(key);
}

// -- plotly.py's wire format: typed arrays travel as {dtype, shape, value} ----------------------
const TYPED = {
  int8: Int8Array, int16: Int16Array, int32: Int32Array, uint8: Uint8Array,
  uint16: Uint16Array, uint32: Uint32Array, float32: Float32Array, float64: Float64Array,
};

function isPlain(v) {
  return v !== null && typeof v === "object" && !ArrayBuffer.isView(v)
    && !(v instanceof ArrayBuffer);
}

function deserialize(v) {
  if (Array.isArray(v)) return v.map(deserialize);
  if (isPlain(v)) {
    if (v.dtype in TYPED && "shape" in v && ("value" in v || "buffer" in v)) {
      const data = "value" in v ? v.value : v.buffer;
      return new TYPED[v.dtype](data.buffer ?? data);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deserialize(x)]));
  }
  return v === "_undefined_" ? undefined : v;
}

function serialize(v) {
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    const dtype = Object.keys(TYPED).find((k) => v instanceof TYPED[k]);
    return { dtype, shape: [v.length], value: v.buffer };
  }
  if (Array.isArray(v)) return v.map(serialize);
  if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, serialize(x)]));
  return v === undefined ? "_undefined_" : v;
}

// -- the figure's data, kept current on the model (what plotly's FigureModel does) ------------
const keysOf = (path) => String(path).replace(/\[(\d+)\]/g, ".$1").split(".");

function setPath(target, path, value) {
  const keys = keysOf(path);
  let node = target;
  keys.slice(0, -1).forEach((key, i) => {
    if (node[key] === null || typeof node[key] !== "object") {
      node[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
    }
    node = node[key];
  });
  node[keys[keys.length - 1]] = value;
}

function unsetPath(target, path) {
  const keys = keysOf(path);
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node = node?.[key];
    if (node === null || typeof node !== "object") return;
  }
  delete node[keys[keys.length - 1]];
}

function relayout(layout, changes) {
  for (const [path, value] of Object.entries(changes || {})) {
    if (value === null) unsetPath(layout, path);
    else setPath(layout, path, value);
  }
}

function traceIndexes(model, indexes) {
  if (indexes === null || indexes === undefined) {
    return model.get("_widget_data").map((_, i) => i);
  }
  return Array.isArray(indexes) ? indexes : [indexes];
}

function restyle(model, changes, indexes) {
  const data = model.get("_widget_data");
  const traces = traceIndexes(model, indexes);
  for (const [path, given] of Object.entries(changes || {})) {
    const values = Array.isArray(given) ? given : [given];
    traces.forEach((t, i) => {
      const value = values[i % values.length];
      if (value === null) unsetPath(data[t], path);
      else if (value !== undefined) setPath(data[t], path, value);
    });
  }
}

const ON_MODEL = {
  _py2js_addTraces: (m, msg) => m.get("_widget_data").push(...msg.trace_data),
  _py2js_deleteTraces: (m, msg) => {
    const data = m.get("_widget_data");
    [...msg.delete_inds].sort((a, b) => b - a).forEach((i) => data.splice(i, 1));
  },
  _py2js_moveTraces: (m, msg) => {
    const data = m.get("_widget_data");
    const moved = msg.current_trace_inds.map((i) => data[i]);
    [...msg.current_trace_inds].sort((a, b) => b - a).forEach((i) => data.splice(i, 1));
    msg.new_trace_inds.map((to, k) => [to, moved[k]]).sort((a, b) => a[0] - b[0])
      .forEach(([to, trace]) => data.splice(to, 0, trace));
  },
  _py2js_restyle: (m, msg) => restyle(m, msg.restyle_data, msg.restyle_traces),
  _py2js_relayout: (m, msg) => relayout(m.get("_widget_layout"), msg.relayout_data),
  _py2js_update: (m, msg) => {
    restyle(m, msg.style_data, msg.style_traces);
    relayout(m.get("_widget_layout"), msg.layout_data);
  },
  _py2js_animate: (m, msg) => {
    const data = m.get("_widget_data");
    traceIndexes(m, msg.style_traces).forEach((t, i) => relayout(data[t], msg.style_data[i]));
    relayout(m.get("_widget_layout"), msg.layout_data);
  },
  _py2js_removeLayoutProps: (m, msg) => {
    msg.remove_props.forEach((p) => unsetPath(m.get("_widget_layout"), p));
  },
  _py2js_removeTraceProps: (m, msg) => {
    const trace = m.get("_widget_data")[msg.remove_trace];
    msg.remove_props.forEach((p) => unsetPath(trace, p));
  },
};

// -- what plotly's FigureView expects of its model ---------------------------------------------
class Facade {
  constructor(model) {
    this.model = model;
  }
  get(key) {
    if (this.override && key in this.override) return this.override[key];
    return deserialize(this.model.get(key));
  }
  set(key, value) {
    // plotly's view reports the layout under a name Python does not read: use the right one
    const name = key === "_js2py_widget_layoutDelta" ? "_js2py_layoutDelta" : key;
    this.model.set(name, serialize(value));
  }
  on(event, callback) {
    this.model.on(event, callback);
  }
  save_changes() {
    this.model.save_changes();
  }
  _normalize_trace_indexes(indexes) {
    return traceIndexes(this.model, indexes);
  }
}

function afterPaint(callback) {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

function viewClass(FigureView) {
  return class extends FigureView {
    // Plotly draws first; the report of what it computed follows after the paint, once per
    // burst of edits (Python only waits for the latest edit).
    _sendTraceDeltas(id) {
      this._later("trace", () => super._sendTraceDeltas(id));
    }
    _sendLayoutDelta(id) {
      this._later("layout", () => super._sendLayoutDelta(id));
    }
    _later(kind, send) {
      if (this.model.override) return;  // a custom update: Python waits for no report
      this._pending ??= {};
      const first = !this._pending[kind];
      this._pending[kind] = send;
      if (first) {
        afterPaint(() => {
          const latest = this._pending[kind];
          delete this._pending[kind];
          if (!this._removed) latest();
        });
      }
    }
    remove() {
      this._removed = true;
      super.remove();
    }
    // draw an update that came as a custom message (see the top of this file)
    drawUpdate(msg) {
      this.model.override = { _py2js_update: msg };
      try {
        this.do_update();
      } finally {
        delete this.model.override;
      }
    }
  };
}

function customUpdate(content) {
  return { style_data: content.style || {}, layout_data: content.layout || {},
           style_traces: content.traces ?? null };
}

export default () => {
  const views = new Set();  // this figure's views (the factory runs once per figure)
  return {
    initialize({ model }) {
      for (const [name, apply] of Object.entries(ON_MODEL)) {
        model.on(`change:${name}`, () => {
          const msg = model.get(name);
          if (msg !== null && msg !== undefined) apply(model, msg);
        });
      }
      model.on("msg:custom", (content) => {
        if (content?.bk !== "update") return;
        performance.mark("bluffkit:figure-update");  // for timing (tests/browser)
        const msg = customUpdate(content);
        ON_MODEL._py2js_update(model, msg);
        for (const view of views) view.drawUpdate(deserialize(msg));
      });
      plotlyModule(model).catch(() => {});  // start loading now; drawing waits for it
    },
    async render({ model, el }) {
      el.classList.add("bk-live-figure");
      const plotly = await plotlyModule(model);
      if (!plotly.FigureView) {
        throw new Error("bluffkit needs plotly's FigureView (plotly >= 6, < 8, see pyproject.toml)");
      }
      const View = viewClass(plotly.FigureView);
      const view = new View(new Facade(model), el);
      view.perform_render();
      views.add(view);
      // a figure drawn while its cell was hidden or narrow takes the width it gets later
      let width = el.offsetWidth;
      const resized = new ResizeObserver(() => {
        if (el.offsetWidth === width || el.offsetWidth === 0) return;
        width = el.offsetWidth;
        view.autosizeFigure();
      });
      resized.observe(el);
      return () => {
        views.delete(view);
        resized.disconnect();
        view.remove();
      };
    },
  };
};
