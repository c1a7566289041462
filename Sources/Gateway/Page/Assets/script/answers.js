// A click answers with one POST. Only a 200 is reported as "You answered"; a 202 is one approval of
// several, recorded: the question stays open, saying how many it has; a 409 shows who won; a
// network failure or a server error leaves the question open with the problem shown, because
// nothing is known to have happened. A resolution that arrives by event while the POST is in
// flight waits for the POST's outcome, which alone says whose answer took effect.
async function choose(p, action) {
  if (state.answering || !state.shown || state.shown.id !== p.id) return;
  const dialog = state.shown.dialog;
  state.answering = { id: p.id, action: action.id };
  state.early = null;
  setBusy(dialog, action.id, true);
  setStatus(dialog, ui("page.sending"), false);
  const url = `/v1/presentations/${encodeURIComponent(p.id)}/answer`;
  const values = valuesFor(p, action, dialog);
  const result = await request("POST", url, Object.keys(values).length ? { action: action.id, values } : { action: action.id });
  const early = state.early;
  state.answering = null;
  state.early = null;
  const error = result.data && result.data.error;
  if (result.status === 202 && result.data) {
    noteApprovals(p.id, result.data.approvals);
    setBusy(dialog, null, false);
    setStatus(dialog, ui("page.approvalRecorded", approvalsText(p)), false);
  } else if (result.ok) {
    closePresentation(p.id, null, "done", ui("page.youAnswered", labelOf(action, p)));
  } else if (result.status === 409) {
    const winner = error && error.resolution;
    closePresentation(p.id, winner || null, "lost", winner ? null : ui("page.refused", problem(result)));
  } else if (result.status === 404) {
    closePresentation(p.id, null, "lost", ui("page.gone"));
  } else if (early) {
    closePresentation(p.id, early, "lost");
  } else if (state.shown && state.shown.dialog === dialog) {
    setBusy(dialog, null, false);
    if (result.status === 422 && error && error.code === "invalidAnswer") {
      setStatus(dialog, ui("page.fix", markFields(p, dialog, error.violations)), true);
      return;
    }
    const refused = result.status >= 400 && result.status < 500;
    setStatus(dialog, refused ? ui("page.refused", problem(result)) : ui("page.notConfirmed", problem(result)), true);
    const again = dialog.querySelector(`button.action[data-action="${CSS.escape(action.id)}"]`);
    if (again) again.focus();
  }
}

// What happened to a question, for a notice: "Answered by ana (cli) with Remove", "Withdrawn", ….
function describe(resolution, p) {
  const actions = p && Array.isArray(p.actions) ? p.actions : [];
  const action = actions.find((a) => a && a.id === resolution.action);
  const label = action ? labelOf(action, p) : String(resolution.action || "");
  const by = resolution.by || ui("page.someone");
  const channel = resolution.channel || "?";
  switch (resolution.cause) {
    case "answered": return ui("page.answered", by, channel, label);
    case "dismissed": return ui("page.dismissed", by, channel);
    case "expired": return ui("page.expired");
    case "withdrawn": return ui("page.withdrawn");
    default: return ui("page.gone");
  }
}

// A notice under the header: the question's title and what became of it.
function notice(p, text, tone) {
  const box = $("notices");
  const item = el("div", `notice ${tone}`);
  if (p) {
    item.dataset.presentation = p.id;
    item.append(el("strong", null, titleOf(p)));
  }
  item.append(el("span", "notice-text", text));
  box.prepend(item);
  while (box.childElementCount > 5) box.lastElementChild.remove();
  setTimeout(() => item.remove(), 30000);
}
