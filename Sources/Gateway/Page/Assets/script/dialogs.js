// How a presentation becomes a dialog. Order on the wire is not importance: like SwiftUI, the
// renderer places the buttons by the platform's (Apple's) conventions.
// - Alert, exactly two actions: side by side; the cancel action on the left, the other on the right.
//   Two actions without a cancel one keep the author's order. When a label does not fit on one
//   line, the two are stacked instead, cancel last (as iOS does).
// - Alert, one action or more than two: stacked, the author's order, the cancel action last.
// - Confirmation dialog (action sheet at the bottom): one full-width row per action in the author's
//   order, then the cancel action alone in its own group below, set apart.
// - Destructive actions have red text; the cancel action is bold. Escape closes the dialog without
//   answering (the question stays in the list); a click on the backdrop does nothing: answers are
//   deliberate. A question with a deadline says how long it still waits.
// - Focus starts on the first button, unless that one is destructive: then on the cancel button
//   (or the first safe one), so a stray Enter never destroys anything.
// - The title follows titleVisibility: visible shows it, hidden keeps it for screen readers only,
//   automatic shows it on alerts and, on dialogs, only when there is a message. Error alerts show
//   the failure reason under the message.
function arrange(p) {
  const actions = Array.isArray(p.actions) ? p.actions.filter((a) => a && typeof a.id === "string") : [];
  const cancel = actions.find((a) => a.role === "cancel") || null;
  const others = actions.filter((a) => a !== cancel);
  if (p.kind === "confirmationDialog") return { layout: "sheet", main: others, apart: cancel ? [cancel] : [] };
  if (actions.length === 2) return { layout: "row", main: cancel ? [cancel, ...others] : others, apart: [] };
  return { layout: "stack", main: cancel ? [...others, cancel] : others, apart: [] };
}

function showsTitle(p) {
  if (p.titleVisibility === "visible") return true;
  if (p.titleVisibility === "hidden") return false;
  return p.kind !== "confirmationDialog" || p.message != null;
}

let dialogNumber = 0;

function actionButtonOf(p, action) {
  const button = el("button", "action", labelOf(action, p));
  button.type = "button";
  button.dataset.action = action.id;
  if (action.role === "destructive") button.classList.add("destructive");
  if (action.role === "cancel") button.classList.add("cancel");
  button.addEventListener("click", () => choose(p, action));
  return button;
}

// The dialog element for p: role, accessible name and description, texts and buttons.
function buildDialog(p) {
  const n = ++dialogNumber;
  const sheet = p.kind === "confirmationDialog";
  const dialog = el("dialog", sheet ? "sheet" : "alert");
  dialog.setAttribute("role", sheet ? "dialog" : "alertdialog");
  dialog.setAttribute("aria-modal", "true");
  dialog.setAttribute("aria-labelledby", `dialog-${n}-title`);
  dialog.dataset.presentation = p.id;
  dialog.dataset.kind = sheet ? "confirmationDialog" : "alert";
  const caption = el("p", "context");
  caption.setAttribute("aria-hidden", "true");
  dialog.append(caption);

  const title = el("h2", sheet ? "sheet-title" : "alert-title", titleOf(p));
  title.id = `dialog-${n}-title`;
  const visible = showsTitle(p);
  if (!visible) title.classList.add("sr-only");
  const texts = el("div");
  const message = messageOf(p);
  const reason = reasonOf(p);
  if (message != null) texts.append(el("p", sheet ? "sheet-message" : "alert-message", message));
  if (reason != null) texts.append(el("p", sheet ? "sheet-reason" : "alert-reason", reason));
  const deadline = deadlineNode(p, "p", sheet ? "sheet-reason deadline" : "alert-reason deadline");
  if (deadline) texts.append(deadline);
  if (texts.childElementCount) {
    texts.id = `dialog-${n}-text`;
    dialog.setAttribute("aria-describedby", texts.id);
  }

  const { shared, under } = fieldInputs(p, n);
  if (shared) texts.append(shared);

  const arranged = arrange(p);
  const { apart } = arranged;
  // A field under one action stacks two buttons (cancel last, as a stack has it), so it sits right below its own.
  const restack = under.size > 0 && arranged.layout === "row";
  const layout = restack ? "stack" : arranged.layout;
  const main = restack ? [...arranged.main.filter((a) => a.role !== "cancel"), ...arranged.main.filter((a) => a.role === "cancel")] : arranged.main;
  // An action's button, and right after it the fields that belong to it.
  const actionButton = (p, action) => [actionButtonOf(p, action), ...(under.has(action.id) ? [under.get(action.id)] : [])];
  const status = el("p", "dialog-status");
  status.setAttribute("role", "status");
  if (sheet) {
    const group = el("div", "sheet-group");
    if (visible || texts.childElementCount) {
      const header = el("div", "sheet-header");
      header.append(title, texts);
      group.append(header);
    } else {
      dialog.append(title);
    }
    for (const action of main) group.append(...actionButton(p, action));
    if (group.childElementCount) dialog.append(group);
    if (apart.length) {
      const cancelGroup = el("div", "sheet-group sheet-cancel");
      for (const action of apart) cancelGroup.append(...actionButton(p, action));
      dialog.append(cancelGroup);
    }
    dialog.append(status);
  } else {
    const box = el("div", "alert-box");
    const text = el("div", "alert-text");
    text.append(title, texts);
    const buttons = el("div", `buttons ${layout}`);
    for (const action of main) buttons.append(...actionButton(p, action));
    box.append(text, buttons, status);
    dialog.append(box);
  }
  return dialog;
}

// The question's text fields: a label and an input each (a password input for a secure one), the
// placeholder marked as an example ("e.g. …", in grey italics) so it never reads as a value. A field
// named by some of the actions sits right under the first of them shown (`under`, by action id); a
// field of every action sits with the texts (`shared`). The server checks the values; a refusal marks
// the fields it names.
function fieldInputs(p, n) {
  const fields = Array.isArray(p.fields) ? p.fields.filter((f) => f && typeof f.id === "string") : [];
  const actions = Array.isArray(p.actions) ? p.actions.filter((a) => a && typeof a.id === "string") : [];
  const { main, apart } = arrange(p);
  const shown = [...main, ...apart];
  const under = new Map();
  let shared = null;
  fields.forEach((field, index) => {
    const owner = Array.isArray(field.actions) ? shown.find((a) => field.actions.includes(a.id)) : null;
    const box = owner ? under.get(owner.id) || el("div", "fields action-fields") : shared || el("div", "fields");
    if (owner) under.set(owner.id, box);
    else shared = box;
    box.append(...fieldInput(p, n, field, index, actions));
  });
  return { shared, under };
}

function fieldInput(p, n, field, index, actions) {
  const l = localizationOf(field);
  const input = el("input", "field");
  input.id = `dialog-${n}-field-${index}`;
  input.type = field.kind === "secure" ? "password" : "text";
  input.dataset.field = field.id;
  input.autocomplete = field.kind === "secure" ? "off" : "on";
  input.spellcheck = false;
  const placeholder = field.placeholder == null ? null : (l ? localize(`${l.key}.placeholder`, l.arguments, String(field.placeholder), operationOf(p)) : String(field.placeholder));
  if (placeholder) input.placeholder = ui("page.field.example", placeholder);
  if (Number.isInteger(field.maxLength)) input.maxLength = field.maxLength;
  if (field.required) input.setAttribute("aria-required", "true");
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const action = actions.find((a) => fieldBelongs(field, a));
    if (action) choose(p, action);
  });
  const label = el("label", "field-label", l ? localize(l.key, l.arguments, String(field.label), operationOf(p)) : String(field.label));
  label.htmlFor = input.id;
  return [label, input];
}

function fieldBelongs(field, action) {
  return Array.isArray(field.actions) ? field.actions.includes(action.id) : action.role !== "cancel";
}

// The values of the fields that belong to `action`, by field id.
function valuesFor(p, action, dialog) {
  const values = {};
  for (const field of Array.isArray(p.fields) ? p.fields : []) {
    if (!field || !fieldBelongs(field, action)) continue;
    const input = dialog.querySelector(`input.field[data-field="${CSS.escape(field.id)}"]`);
    if (input && input.value !== "") values[field.id] = input.value;
  }
  return values;
}

// Marks the fields a refusal named and says what is wrong with each: "Folder: is required".
function markFields(p, dialog, violations) {
  const named = new Map((Array.isArray(violations) ? violations : []).map((v) => [v && v.path, v && v.message]));
  const lines = [];
  for (const input of dialog.querySelectorAll("input.field")) {
    const problem = named.get(input.dataset.field);
    input.setAttribute("aria-invalid", problem ? "true" : "false");
    if (problem) lines.push(`${dialog.querySelector(`label[for="${input.id}"]`).textContent}: ${problem}`);
  }
  const first = dialog.querySelector('input.field[aria-invalid="true"]');
  if (first) first.focus();
  return lines.join("; ");
}

function fitButtons(dialog) {
  const row = dialog.querySelector(".buttons.row");
  if (!row) return;
  const wraps = [...row.children].some((button) => button.scrollHeight > 50 || button.scrollWidth > button.clientWidth);
  if (!wraps) return;
  row.classList.replace("row", "stack");
  const cancel = row.querySelector(".action.cancel");
  if (cancel) row.append(cancel);
}

function initialFocus(dialog) {
  const field = dialog.querySelector("input.field");
  if (field) { field.focus(); return; }
  const buttons = [...dialog.querySelectorAll("button.action")];
  const first = buttons[0];
  if (!first) return;
  const safe = first.classList.contains("destructive")
    ? dialog.querySelector("button.action.cancel") || buttons.find((b) => !b.classList.contains("destructive"))
    : first;
  (safe || first).focus();
}

// Shows p modally. Escape (or the browser closing the dialog) closes it without answering, and
// focus goes back to the question in the list.
function present(p) {
  const dialog = buildDialog(p);
  document.body.append(dialog);
  const close = (event) => {
    if (event) event.preventDefault();
    if (state.shown && state.shown.dialog === dialog && !state.answering) closeShown();
  };
  dialog.addEventListener("keydown", (event) => { if (event.key === "Escape") close(event); });
  dialog.addEventListener("cancel", close);
  dialog.addEventListener("close", () => { if (state.shown && state.shown.dialog === dialog) closeShown(); });
  state.shown = { id: p.id, p, dialog };
  dialog.showModal();
  fitButtons(dialog);
  initialFocus(dialog);
}

// Closes the shown dialog, leaving its question pending, and puts focus back on it in the list.
function closeShown() {
  const id = state.shown && state.shown.id;
  dismissShown();
  renderQueue(queue());
  const item = id && document.querySelector(`#pending-list button.open[data-presentation="${CSS.escape(id)}"]`);
  if (item) item.focus();
}

function dismissShown() {
  const shown = state.shown;
  if (!shown) return;
  state.shown = null;
  if (shown.dialog.open) shown.dialog.close();
  shown.dialog.remove();
}

function setBusy(dialog, chosen, busy) {
  dialog.setAttribute("aria-busy", busy ? "true" : "false");
  for (const button of dialog.querySelectorAll("button.action")) {
    button.disabled = busy;
    button.classList.toggle("chosen", busy && button.dataset.action === chosen);
  }
}

function setStatus(dialog, text, failed) {
  const status = dialog.querySelector(".dialog-status");
  status.textContent = text || "";
  status.classList.toggle("failed", Boolean(failed));
  status.setAttribute("role", failed ? "alert" : "status");
}
