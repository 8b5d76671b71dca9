// The booking page's stylesheet: one column that reads on a 320 px phone and centres on a desktop,
// large touch targets, and a focus ring that is always visible (keyboard users see where they are).
export const PAGE_STYLE = `
:root { color-scheme: light; --ink: #1d2433; --muted: #4f5b70; --line: #c9d1dc; --accent: #1f5fbf; --bad: #a3261b; --good: #1d6b3a; }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f5f7fa; }
main { max-width: 40rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0.5rem 0 0.25rem; }
h2 { font-size: 1.25rem; margin: 0 0 0.5rem; }
p { margin: 0.5rem 0; }
.muted { color: var(--muted); font-size: 0.95rem; }
fieldset { border: 1px solid var(--line); border-radius: 0.5rem; background: #fff; margin: 1rem 0; padding: 0.75rem 1rem 1rem; min-width: 0; }
legend { font-weight: 600; padding: 0 0.35rem; }
label { display: block; font-weight: 500; margin: 0.75rem 0 0.25rem; }
input[type=text], input[type=email], input[type=tel], select, textarea {
  width: 100%; font: inherit; padding: 0.6rem 0.7rem; border: 1px solid #8a96a8; border-radius: 0.4rem; background: #fff; color: inherit; }
textarea { min-height: 5rem; resize: vertical; }
.choices { display: grid; gap: 0.5rem; grid-template-columns: repeat(auto-fill, minmax(8.5rem, 1fr)); margin-top: 0.5rem; }
.choices.wide { grid-template-columns: 1fr; }
.choice { position: relative; display: flex; align-items: center; gap: 0.6rem; margin: 0; padding: 0.65rem 0.8rem;
  border: 1px solid #8a96a8; border-radius: 0.4rem; background: #fff; font-weight: 500; cursor: pointer; min-height: 2.9rem; }
.choice input { width: 1.15rem; height: 1.15rem; margin: 0; accent-color: var(--accent); flex: none; }
.choice:has(input:checked) { border-color: var(--accent); background: #e8f0fc; }
.choice .detail { display: block; font-weight: 400; color: var(--muted); font-size: 0.9rem; }
.agree { display: flex; gap: 0.6rem; align-items: flex-start; font-weight: 500; }
.agree input { width: 1.2rem; height: 1.2rem; margin-top: 0.2rem; flex: none; accent-color: var(--accent); }
.consent-text { white-space: pre-wrap; background: #f5f7fa; border-radius: 0.4rem; padding: 0.6rem 0.75rem; }
button { font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 0.4rem; padding: 0.8rem 1.4rem;
  min-height: 3rem; cursor: pointer; width: 100%; }
button[disabled] { opacity: 0.6; cursor: progress; }
button.secondary { color: var(--accent); background: transparent; border: 2px solid var(--accent); }
:focus-visible { outline: 3px solid #f0a500; outline-offset: 2px; }
.choice:has(input:focus-visible) { outline: 3px solid #f0a500; outline-offset: 2px; }
.choice input:focus-visible { outline: none; }
.alert { border: 2px solid var(--bad); color: var(--bad); background: #fdf0ee; border-radius: 0.5rem; padding: 0.75rem 1rem; font-weight: 500; }
.alert:focus { outline: 3px solid #f0a500; outline-offset: 2px; }
.done { border: 2px solid var(--good); background: #eef8f1; border-radius: 0.5rem; padding: 1rem; }
.done:focus { outline: 3px solid #f0a500; outline-offset: 2px; }
.trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
[hidden] { display: none !important; }
@media (min-width: 48rem) { main { padding-top: 2.5rem; } button { width: auto; } }
`;
