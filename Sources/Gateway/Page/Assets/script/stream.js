// The live stream. EventSource reconnects by itself and resumes with Last-Event-ID; if it gives
// up (the server refused it), a new one is opened after a pause, resuming from the last event
// seen (`?lastEventId=`), and a snapshot fills any gap. EventSource cannot send a token, so with
// a token the stream is read with fetch instead (`readStream`).
const EVENT_TYPES = ["presentation.pending", "presentation.escalated", "presentation.resolved", "presentation.approved", "job.queued",
  "job.succeeded", "job.failed", "job.cancelled", "operation.announced"];
const live = { source: null, lastEventId: null, retry: null, generation: 0 };

function setLive(name) {
  state.live = name;
  const node = $("live");
  node.dataset.state = name;
  node.textContent = ui(`page.live.${name}`);
}

function streamOpened() {
  setLive("live");
  reconcile();
  scheduleJobs(0);
}

function reconnectLater(generation) {
  if (generation !== live.generation) return;
  setLive("offline");
  clearTimeout(live.retry);
  live.retry = setTimeout(() => { if (generation === live.generation) connect(); }, 5000);
}

function disconnect() {
  live.generation += 1;
  clearTimeout(live.retry);
  if (live.source) live.source.close();
  live.source = null;
  if (live.abort) live.abort.abort();
  live.abort = null;
}

function connect() {
  disconnect();
  const generation = live.generation;
  setLive("connecting");
  if (auth.token) { readStream(generation); return; }
  const resume = live.lastEventId ? `?lastEventId=${encodeURIComponent(live.lastEventId)}` : "";
  const source = new EventSource(`/v1/events${resume}`);
  live.source = source;
  for (const type of EVENT_TYPES) source.addEventListener(type, onEvent);
  source.addEventListener("message", onEvent);
  source.addEventListener("open", streamOpened);
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) {
      source.close();
      reconnectLater(generation);
    } else {
      setLive("reconnecting");
    }
  });
}

function onEvent(message) {
  if (message.lastEventId) live.lastEventId = message.lastEventId;
  let event;
  try { event = JSON.parse(message.data); } catch (ignored) { return; }
  if (!event || typeof event !== "object") return;
  const type = event.type || message.type;
  // A worker announced a new version of an operation: its texts (and summary) are asked for again.
  if (type === "operation.announced") { reloadTexts(); return; }
  if (event.job) noteOperation(event.job.id, event.job.operation);
  if (type === "presentation.pending") addPending(event.presentation);
  if (type === "presentation.escalated") escalated(event.presentation);
  if (type === "presentation.resolved") resolved(event.resolution);
  if (type === "presentation.approved") approvedByEvent(event.job, event.approvals);
  if (event.job) noteJob(event.job);
  scheduleJobs(250);
}

// The event stream read with fetch, for when a bearer token must be sent. It parses the same
// text/event-stream framing EventSource does, sends Last-Event-ID itself, and gives up on a
// connection that has been silent for 60 s (the gateway sends heartbeats far more often).
async function readStream(generation) {
  const controller = new AbortController();
  live.abort = controller;
  const headers = { "Accept": "text/event-stream", "Authorization": `Bearer ${auth.token}` };
  if (live.lastEventId) headers["Last-Event-ID"] = live.lastEventId;
  let watchdog = null;
  const feed = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => controller.abort(), 60000);
  };
  try {
    feed();
    const response = await fetch("/v1/events", { headers, cache: "no-store", signal: controller.signal });
    if (response.status === 401) signedOut();
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    if (generation !== live.generation) return;
    streamOpened();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done || generation !== live.generation) break;
      feed();
      buffer = (buffer + value).replace(/\r\n/g, "\n");
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        dispatchBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  } catch (ignored) {
    // Refused, dropped or silent: retried below.
  } finally {
    clearTimeout(watchdog);
    controller.abort();
  }
  reconnectLater(generation);
}

// One event block: `id:`, `event:` and `data:` lines; comments (heartbeats) are skipped.
function dispatchBlock(block) {
  let type = "message";
  let id = "";
  const data = [];
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") type = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
  }
  if (data.length) onEvent({ type, data: data.join("\n"), lastEventId: id });
  else if (id) live.lastEventId = id;
}
