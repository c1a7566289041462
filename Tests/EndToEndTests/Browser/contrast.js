// Run in the page by page_inbox.py: the WCAG 2 contrast ratio of every visible text against the
// background behind it. Backgrounds are composed from the text's element up to the root; an open
// modal dialog puts its ::backdrop over the page, and only the dialog's texts are measured then
// (the page behind it cannot be read or used). Disabled controls are exempt, as WCAG says.
// Returns { min, texts: [{ text, ratio, color, background }] }, the lowest ratios first.
const parse = (text) => {
  const match = /rgba?\(([^)]+)\)/.exec(text || "");
  if (!match) return null;
  const parts = match[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
};
const over = (top, bottom) => ({
  r: top.r * top.a + bottom.r * (1 - top.a),
  g: top.g * top.a + bottom.g * (1 - top.a),
  b: top.b * top.a + bottom.b * (1 - top.a),
  a: 1,
});
const luminance = (c) => {
  const channel = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4); };
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
};
const ratio = (a, b) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
};
const dark = matchMedia("(prefers-color-scheme: dark)").matches;
function background(node) {
  const layers = [];
  for (let at = node; at; at = at.parentElement) {
    const own = parse(getComputedStyle(at).backgroundColor);
    if (own && own.a > 0) layers.push(own);
    if (at.tagName === "DIALOG" && at.open) {
      const backdrop = parse(getComputedStyle(at, "::backdrop").backgroundColor);
      if (backdrop && backdrop.a > 0) layers.push(backdrop);
    }
  }
  let result = dark ? { r: 0, g: 0, b: 0, a: 1 } : { r: 255, g: 255, b: 255, a: 1 };
  for (const layer of layers.reverse()) result = over(layer, result);
  return result;
}
const root = document.querySelector("dialog[open]") || document.body;
const texts = [];
for (const node of root.querySelectorAll("*")) {
  const own = [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim());
  if (!own || ["SCRIPT", "STYLE", "NOSCRIPT", "OPTION", "TITLE"].includes(node.tagName)) continue;
  if (!node.getClientRects().length || node.closest(".sr-only, [hidden], button:disabled")) continue;
  const style = getComputedStyle(node);
  if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
  const behind = background(node);
  const color = over(parse(style.color) || { r: 0, g: 0, b: 0, a: 1 }, behind);
  const rgb = (c) => `rgb(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)})`;
  texts.push({ text: node.textContent.trim().slice(0, 40), ratio: Math.round(ratio(color, behind) * 100) / 100, color: rgb(color), background: rgb(behind) });
}
texts.sort((a, b) => a.ratio - b.ratio);
return { min: texts.length ? texts[0].ratio : null, count: texts.length, texts: texts.slice(0, 5) };
