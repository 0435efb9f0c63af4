// The console page: the run list (polled), one open run (live over a WebSocket), approvals and review.
// Everything from runs is page-controlled text: it is only ever set with textContent, never as HTML.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  if (location.search.includes("token=")) {
    // The token now lives in a cookie; keep it out of the address bar, history and screenshots.
    history.replaceState(null, "", location.pathname);
  }
  let current = null;      // the open run's id
  let socket = null;
  let run = null;          // the open run's detail
  let steps = [];
  let reviewAt = 0;
  let timer = null;

  async function api(path, body) {
    const init = body === undefined ? {} : {method: "POST", headers: {"content-type": "application/json"},
                                            body: JSON.stringify(body)};
    const response = await fetch(path, init);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.error || response.statusText);
    return data;
  }

  // A message about the last attempt goes once the person changes a field or tries again, also when the
  // browser's own validation stops the next attempt before it is sent (no submit event then).
  const clearError = () => { $("start-error").textContent = ""; };
  $("start-form").addEventListener("input", clearError);
  $("start-form").addEventListener("invalid", clearError, true);

  $("start-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("start-error").textContent = "";
    try {
      const made = await api("/api/runs", {task: $("task").value, url: $("url").value, model: $("model").value});
      await refresh();
      open(made.id);
    } catch (error) {
      $("start-error").textContent = error.message;
    }
  });

  function cell(row, text) {
    const td = document.createElement("td");
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function button(label, onClick, describedBy) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (describedBy) b.setAttribute("aria-describedby", describedBy);
    b.addEventListener("click", onClick);
    return b;
  }

  // Rows are kept and updated in place, never rebuilt: a person (or a test) pressing "Open" while the list
  // refreshes would otherwise press one button and release over its replacement, and no click happens.
  async function refresh() {
    let data;
    try { data = await api("/api/runs"); } catch (error) { return; }
    const body = document.querySelector("#runs tbody");
    $("no-runs").hidden = data.runs.length > 0;
    const kept = new Map([...body.children].map((row) => [row.dataset.run, row]));
    data.runs.forEach((r, index) => {
      const row = kept.get(r.id) || newRow(r);
      kept.delete(r.id);
      updateRow(row, r);
      if (body.children[index] !== row) body.insertBefore(row, body.children[index] || null);
    });
    kept.forEach((row) => row.remove());
  }

  function newRow(r) {
    const row = document.createElement("tr");
    row.dataset.run = r.id;
    for (let i = 0; i < 7; i++) cell(row, "");
    row.cells[0].id = "task-" + r.id;
    const actions = row.cells[6];
    actions.appendChild(button("Open", () => open(r.id), row.cells[0].id));
    actions.appendChild(document.createTextNode(" "));
    const stop = button("Stop", () => api(`/api/runs/${r.id}/stop`, {}).then(refresh), row.cells[0].id);
    stop.hidden = true;
    actions.appendChild(stop);
    return row;
  }

  function updateRow(row, r) {
    row.className = r.id === current ? "current" : "";
    const texts = [r.task, r.start_url || "—", r.model || "—", r.source,
                   r.waiting ? "waiting for approval" : r.state, String(r.steps)];
    texts.forEach((text, i) => { if (row.cells[i].textContent !== text) row.cells[i].textContent = text; });
    row.cells[6].querySelectorAll("button")[1].hidden = r.state !== "running";
  }

  function open(id) {
    if (socket) socket.close();
    current = id;
    run = null;
    steps = [];
    $("run").hidden = false;
    $("steps").replaceChildren();
    $("messages").replaceChildren();
    $("frame").hidden = true;
    $("no-frame").hidden = false;
    $("approval").hidden = true;
    $("review").hidden = true;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/runs/${encodeURIComponent(id)}`);
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    refresh();
  }

  function receive(m) {
    if (m.type === "hello") {
      run = m.run;
      $("run-task").textContent = run.task + (run.start_url ? `  (starting at ${run.start_url})` : "");
      steps = [];
      $("steps").replaceChildren();
      run.all_steps.forEach((s) => step(s, false));
      $("messages").replaceChildren();
      run.messages.forEach(message);
      if (m.frame) frame(m.frame);
      approval(run.pending);
      facts();
      person();
      if (run.ended) review(0);
    } else if (m.type === "step") {
      step(m.step, true);
    } else if (m.type === "model") {
      if (m.text) message(m.text);
      if (run) { run.tokens = m.tokens; facts(); }
    } else if (m.type === "approval") {
      approval(m.pending);
    } else if (m.type === "frame") {
      frame(m.data);
    } else if (m.type === "run") {
      if (run) {
        Object.assign(run, m.run);
        if (m.answer !== undefined) run.answer = m.answer;
        facts();
        person();
        if (run.ended) { approval(null); review(Math.max(0, steps.length - 1)); }
      }
      refresh();
    }
  }

  // A person's turn: Take over gives them the live view's mouse and keyboard; Hand back returns the page.
  function person() {
    // A page a person records (`refwright record --headless`) is theirs to take, and Done ends the recording.
    const recording = Boolean(run && run.source === "record");
    const live = run && !run.ended && (run.source === "console" || recording);
    $("person").hidden = !live && !(run && run.waiting_for);
    $("waiting").hidden = !(run && run.waiting_for);
    $("waiting").textContent = run && run.waiting_for ? `Waiting for you: ${run.waiting_for}` : "";
    const taken = Boolean(run && run.taken);
    $("takeover").hidden = taken || !live;
    $("handback").hidden = !taken && !(run && run.waiting_for);
    $("person-help").hidden = !taken || recording;
    $("record-help").hidden = !taken || !recording;
    $("done").hidden = !live || !recording;
    $("frame").classList.toggle("taken", taken);
    $("frame").tabIndex = taken ? 0 : -1;
  }
  async function turn(path) {
    $("person-error").textContent = "";
    try {
      Object.assign(run, await api(`/api/runs/${encodeURIComponent(current)}/${path}`, {}));
      person();
      if (run.taken) $("frame").focus();
    } catch (error) {
      $("person-error").textContent = error.message;
    }
  }
  $("takeover").addEventListener("click", () => turn("takeover"));
  $("handback").addEventListener("click", () => turn("handback"));
  $("done").addEventListener("click", async () => {
    $("person-error").textContent = "";
    try { await api(`/api/runs/${encodeURIComponent(current)}/stop`, {}); } catch (error) {
      $("person-error").textContent = error.message;
    }
  });

  function send(event) {
    if (!run || !run.taken || !socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({type: "input", event}));
    return true;
  }
  function point(e) {
    const r = $("frame").getBoundingClientRect();
    return {x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height};
  }
  const BUTTONS = ["left", "middle", "right"];
  const mods = (e) => (e.altKey ? 1 : 0) | (e.ctrlKey ? 2 : 0) | (e.metaKey ? 4 : 0) | (e.shiftKey ? 8 : 0);
  let lastMove = 0;
  for (const [name, type] of [["mousedown", "down"], ["mouseup", "up"], ["mousemove", "move"]]) {
    $("frame").addEventListener(name, (e) => {
      if (type === "move" && (e.timeStamp - lastMove < 50)) return;
      if (type === "move") lastMove = e.timeStamp;
      if (send({kind: "mouse", type, ...point(e), button: BUTTONS[e.button] || "left", clicks: e.detail || 1,
                modifiers: mods(e)})) {
        e.preventDefault();
        if (type === "down") $("frame").focus();
      }
    });
  }
  $("frame").addEventListener("wheel", (e) => {
    if (send({kind: "mouse", type: "wheel", ...point(e), dx: e.deltaX, dy: e.deltaY})) e.preventDefault();
  }, {passive: false});
  $("frame").addEventListener("dragstart", (e) => e.preventDefault());
  $("frame").addEventListener("contextmenu", (e) => { if (run && run.taken) e.preventDefault(); });
  for (const [name, type] of [["keydown", "down"], ["keyup", "up"]]) {
    $("frame").addEventListener(name, (e) => {
      const text = e.key.length === 1 ? e.key : (e.key === "Enter" ? "\r" : "");
      if (send({kind: "key", type, key: e.key, code: e.code, text, keyCode: e.keyCode, modifiers: mods(e)})) {
        e.preventDefault();
      }
    });
  }

  function frame(data) {
    $("frame").src = "data:image/jpeg;base64," + data;
    $("frame").hidden = false;
    $("no-frame").hidden = true;
  }

  function facts() {
    $("run-state").textContent = run.pending ? "waiting for approval" : run.state;
    $("run-tokens").textContent = `${run.tokens.input} in, ${run.tokens.output} out`;
    $("run-live").textContent = run.screencast ? "streaming" : (run.ended ? "ended: last frame kept" : "idle");
    $("run-answer").textContent = run.answer ? "Answer: " + run.answer : "";
    elapsed();
  }

  function elapsed() {
    if (!run) return;
    const end = run.ended || Date.now() / 1000;
    $("run-elapsed").textContent = `${Math.max(0, end - run.started).toFixed(1)} s`;
  }

  function highlight(pre, text) {
    // "Changes:" lines are what the step changed on the page: marked so they stand out.
    let inChanges = false;
    text.split("\n").forEach((line, i) => {
      if (i) pre.appendChild(document.createTextNode("\n"));
      if (line.startsWith("Changes:")) inChanges = true;
      if (inChanges && /^[~+-] /.test(line)) {
        const mark = document.createElement("mark");
        mark.textContent = line;
        pre.appendChild(mark);
      } else {
        pre.appendChild(document.createTextNode(line));
      }
    });
  }

  function step(s, fresh) {
    const index = steps.findIndex((x) => x.n === s.n);
    if (index >= 0) steps[index] = s; else steps.push(s);
    let li = document.querySelector(`#steps li[data-n="${s.n}"]`);
    if (!li) {
      li = document.createElement("li");
      li.dataset.n = s.n;
      $("steps").appendChild(li);
    }
    li.replaceChildren();
    li.className = (s.error ? "error" : "") + (fresh ? " fresh" : "");
    const command = document.createElement("div");
    command.className = "command";
    command.textContent = s.command;
    li.appendChild(command);
    if (s.kind === "approval" || s.status === "running") {
      const status = document.createElement("div");
      status.className = "status";
      status.textContent = s.kind === "approval" ? `Approval ${s.status}` : "running…";
      li.appendChild(status);
    }
    if (s.output) {
      const pre = document.createElement("pre");
      pre.className = "output";
      highlight(pre, s.output);
      if (s.collapsed) {
        const details = document.createElement("details");
        const summary = document.createElement("summary");
        summary.textContent = `Show the answer (${s.output.split("\n").length} lines)`;
        details.append(summary, pre);
        li.appendChild(details);
      } else {
        li.appendChild(pre);
      }
    }
    if (fresh) setTimeout(() => li.classList.remove("fresh"), 2000);
  }

  function message(text) {
    const li = document.createElement("li");
    li.textContent = text;
    $("messages").appendChild(li);
  }

  let pendingId = null;
  function approval(p) {
    if (run) { run.pending = p; facts(); }
    pendingId = p ? p.id : null;
    $("approval").hidden = !p;
    if (!p) return;
    $("approval-summary").textContent = p.summary;
    $("approval-action").textContent = p.action;
    $("approval-target").textContent = p.role || p.name ? `${p.role} "${p.name}"` : "(no element)";
    $("approval-url").textContent = p.url;
    $("approval-crop").hidden = !p.image;
    if (p.image) $("approval-crop").src = p.image;
    countdown();
    $("allow").focus();
  }

  function countdown() {
    if (!run || !run.pending) return;
    const left = Math.max(0, run.pending.deadline - Date.now() / 1000);
    $("approval-left").textContent = `${Math.ceil(left)} s, then it is denied`;
  }

  async function decide(decision) {
    if (!pendingId) return;
    const id = pendingId;
    try { await api(`/api/approvals/${id}`, {decision}); } catch (error) { /* already settled */ }
  }
  $("allow").addEventListener("click", () => decide("allow"));
  $("always").addEventListener("click", () => decide("always"));
  $("deny").addEventListener("click", () => decide("deny"));

  function review(at) {
    if (!steps.length) return;
    reviewAt = Math.min(Math.max(0, at), steps.length - 1);
    const s = steps[reviewAt];
    $("review").hidden = false;
    $("review-pos").textContent = `Step ${reviewAt + 1} of ${steps.length}`;
    $("review-command").textContent = s.command;
    $("review-output").textContent = s.output || s.status || "";
    $("review-shot").hidden = !s.shot;
    if (s.shot) $("review-shot").src = `/api/runs/${encodeURIComponent(current)}/shots/${s.n}`;
    $("prev").disabled = reviewAt === 0;
    $("next").disabled = reviewAt === steps.length - 1;
    showScript();
  }
  // A run that answered is kept as a script `refwright replay` runs with no model; others have none.
  async function showScript() {
    const id = current;
    const url = `/api/runs/${encodeURIComponent(id)}/script`;
    const found = await fetch(url, { method: "HEAD" });
    if (id !== current) return;
    $("save-script").hidden = !found.ok;
    $("save-script").href = url;
  }
  $("prev").addEventListener("click", () => review(reviewAt - 1));
  $("next").addEventListener("click", () => review(reviewAt + 1));

  timer = setInterval(() => { elapsed(); countdown(); }, 500);
  setInterval(refresh, 1500);
  refresh();
})();
