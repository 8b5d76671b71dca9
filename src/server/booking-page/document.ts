// The booking page as one HTML document (issue 31.5): its settings `{url, anonKey, slug}` written in,
// the stylesheet and script inline, a Content-Security-Policy that lets it talk to its service alone.
import { createHash } from 'node:crypto';
import { PAGE_SCRIPT } from './script.js';
import { PAGE_STYLE } from './style.js';

export interface BookingPageSettings {
  /** The project root the page calls, e.g. https://abcd.supabase.co. */
  url: string;
  /** The project's anon key: public by design, it only reaches the public booking calls. */
  anonKey: string;
  slug: string;
}

/** JSON that cannot end the script element it sits in (`</script>`, `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

const BODY = `<main>
<h1 id="title" tabindex="-1">Book an appointment</h1>
<p id="status" class="muted" role="status" aria-live="polite">Loading the practice's page…</p>
<div id="error" class="alert" role="alert" tabindex="-1" hidden></div>
<form id="form" novalidate hidden>
  <fieldset id="services">
    <legend>1. Service</legend>
    <div id="service-choices" class="choices wide" role="radiogroup" aria-label="Service"></div>
  </fieldset>
  <fieldset id="when">
    <legend>2. Day and time</legend>
    <p id="zone" class="muted"></p>
    <label for="day">Day</label>
    <select id="day" disabled></select>
    <p id="slots-label" class="group-label">Time</p>
    <div id="slot-choices" class="choices" role="radiogroup" aria-labelledby="slots-label"></div>
    <p id="slots-note" class="muted" aria-live="polite">Choose a service first.</p>
    <button type="button" id="later" class="secondary" hidden>Show later dates</button>
  </fieldset>
  <fieldset id="about">
    <legend>3. About you</legend>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name" maxlength="200" aria-required="true">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" maxlength="254" aria-required="true">
    <label for="phone">Phone (optional)</label>
    <input id="phone" name="phone" type="tel" autocomplete="tel" maxlength="40">
  </fieldset>
  <fieldset id="questions" hidden>
    <legend>4. A few questions</legend>
    <div id="question-list"></div>
  </fieldset>
  <fieldset id="consent" hidden>
    <legend>The practice's terms</legend>
    <p id="consent-text" class="consent-text"></p>
    <label class="agree" for="agree"><input id="agree" name="agree" type="checkbox"> I have read and agree to these terms.</label>
  </fieldset>
  <div class="trap" aria-hidden="true">
    <label for="website">Leave this empty</label>
    <input id="website" name="website" type="text" tabindex="-1" autocomplete="off">
  </div>
  <button id="submit" type="submit">Request this time</button>
</form>
<section id="done" class="done" tabindex="-1" hidden>
  <h2 id="done-title">Request sent</h2>
  <p id="done-message"></p>
</section>
</main>`;

/** The whole page for one practice's slug, calling the service at `settings.url`. */
export function bookingPageHtml(settings: BookingPageSettings): string {
  const settingsScript = `window.PRACTICE_BOOKING = ${scriptJson(settings)};`;
  const origin = new URL(settings.url).origin;
  // Only these two scripts and this stylesheet run; the page talks to its service and nothing else.
  const policy = [
    "default-src 'none'", `script-src ${sha256(settingsScript)} ${sha256(PAGE_SCRIPT)}`, `style-src ${sha256(PAGE_STYLE)}`,
    `connect-src ${origin}`, "base-uri 'none'", "form-action 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">
<meta name="referrer" content="no-referrer">
<title>Book an appointment</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
${BODY}
<script>${settingsScript}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
