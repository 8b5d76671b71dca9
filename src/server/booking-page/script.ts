// The booking page's script, run by the client's browser: it asks the three public booking calls
// (BOOKING-CONTRACT.md) and builds the form from their answers. Plain ES2020, no framework, no build;
// kept as text here (no backtick or dollar-brace inside) so the bundle carries it as it is.
export const PAGE_SCRIPT = String.raw`
(function () {
  'use strict';
  var settings = window.PRACTICE_BOOKING;
  var $ = function (id) { return document.getElementById(id); };
  var page = null;
  var startsByDay = {};

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === false || value === null || value === undefined) return;
      if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value === true ? '' : value);
    });
    (children || []).forEach(function (child) { node.appendChild(child); });
    return node;
  }

  // Every call as the page's contract says: POST, named arguments, the anon key as apikey and bearer.
  // from: the first row wanted of a set, whose total Content-Range then gives (count=exact): the
  // service answers at most a page of rows (its max-rows cap, 1000 by default, as on Supabase).
  function request(name, args, from) {
    var headers = { apikey: settings.anonKey, authorization: 'Bearer ' + settings.anonKey, 'content-type': 'application/json' };
    if (from !== undefined) headers.prefer = 'count=exact';
    return fetch(settings.url.replace(/\/+$/, '') + '/rest/v1/rpc/' + name + (from ? '?offset=' + from : ''), {
      method: 'POST',
      headers: headers,
      body: JSON.stringify(args)
    }).then(function (response) {
      return response.text().then(function (text) {
        var body = null;
        try { body = text ? JSON.parse(text) : null; } catch (ignored) { body = null; }
        if (!response.ok) {
          var error = new Error(body && body.message ? body.message : 'The booking service answered ' + response.status + '; please try again in a moment.');
          error.status = response.status;
          throw error;
        }
        var total = /\/(\d+)$/.exec(response.headers.get('content-range') || '');
        return { body: body, total: total ? Number(total[1]) : null };
      });
    }, function () {
      throw new Error('The booking service cannot be reached; check your connection and try again.');
    });
  }

  function call(name, args) {
    return request(name, args).then(function (answer) { return answer.body; });
  }

  // Every row of a set, page after page, however many the service answers at a time.
  function callAll(name, args, rows) {
    var soFar = rows || [];
    return request(name, args, soFar.length).then(function (answer) {
      var all = soFar.concat(answer.body);
      return answer.total !== null && answer.body.length > 0 && all.length < answer.total ? callAll(name, args, all) : all;
    });
  }

  function showError(message, focusTarget) {
    var box = $('error');
    box.textContent = message;
    box.hidden = false;
    (focusTarget || box).focus();
  }

  function clearError() { $('error').hidden = true; $('error').textContent = ''; }

  function setStatus(text) { $('status').textContent = text; }

  // YYYY-MM-DD in the practice's zone, so "today" is the practice's today wherever the client is.
  function todayInPractice() {
    var parts = new Intl.DateTimeFormat('en-CA', { timeZone: page.time_zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
    var get = function (type) { return parts.filter(function (p) { return p.type === type; })[0].value; };
    return get('year') + '-' + get('month') + '-' + get('day');
  }

  function addDays(day, days) {
    var date = new Date(day + 'T00:00:00Z');
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  }

  function dayLabel(day) {
    return new Date(day + 'T12:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  }

  // Ids by count, not by value: choices in other scripts (弱い, 普通) made one id for all, and each
  // label then chose the first.
  var radios = 0;
  function radio(name, value, label, detail, checked) {
    var id = 'choice-' + (++radios);
    var input = el('input', { type: 'radio', name: name, id: id, value: String(value), checked: !!checked });
    var text = el('span', {}, [document.createTextNode(label)].concat(detail ? [el('span', { 'class': 'detail', text: detail })] : []));
    return el('label', { 'class': 'choice', 'for': id }, [input, text]);
  }

  function checkedValue(name) {
    var chosen = document.querySelector('input[name="' + name + '"]:checked');
    return chosen ? chosen.value : null;
  }

  function price(text) {
    var amount = Number(text);
    return isFinite(amount) ? amount.toFixed(2) : text;
  }

  function renderPage() {
    document.title = 'Book with ' + page.practice_name;
    $('title').textContent = 'Book with ' + page.practice_name;
    $('zone').textContent = 'Times are in ' + page.time_zone.replace(/_/g, ' ') + ' time.';
    var services = $('service-choices');
    page.services.forEach(function (service, index) {
      services.appendChild(radio('service', service.id, service.name, service.duration_minutes + ' min · ' + price(service.price), index === 0 && page.services.length === 1));
    });
    services.addEventListener('change', loadStarts);
    $('later').addEventListener('click', function () { loadWindow(addDays(shownUntil, 1)); });
    $('day').addEventListener('change', renderSlots);

    var questions = $('question-list');
    page.questions.forEach(function (question) {
      var required = question.required ? ' (required)' : ' (optional)';
      if (question.type === 'text') {
        questions.appendChild(el('label', { 'for': 'q-' + question.id, text: question.label + required }));
        questions.appendChild(el('textarea', { id: 'q-' + question.id, name: 'q-' + question.id, maxlength: '2000', 'aria-required': question.required ? 'true' : null }));
        return;
      }
      var choices = question.type === 'yes_no' ? [['true', 'Yes'], ['false', 'No']] : question.choices.map(function (choice) { return [choice, choice]; });
      var group = el('div', { 'class': 'choices', role: 'radiogroup', 'aria-labelledby': 'q-' + question.id + '-label', 'aria-required': question.required ? 'true' : null },
        choices.map(function (pair) { return radio('q-' + question.id, pair[0], pair[1], null, false); }));
      questions.appendChild(el('p', { id: 'q-' + question.id + '-label', 'class': 'group-label', text: question.label + required }));
      questions.appendChild(group);
    });
    $('questions').hidden = page.questions.length === 0;

    if (page.consent) {
      $('consent-text').textContent = page.consent.text;
      $('consent').hidden = false;
    }
    $('form').hidden = false;
    setStatus(page.instant ? 'Choose a service and a time; your booking is confirmed at once.' : 'Choose a service and a time; the practice confirms your request.');
    if (page.services.length === 1) loadStarts();
  }

  // One call covers at most 31 days (the contract): the page asks for the horizon a window at a time,
  // the next one when the client asks for later dates; loads tells a late answer from the latest.
  var loads = 0;
  var shownUntil = null;

  function loadStarts() {
    if (!checkedValue('service')) return;
    startsByDay = {};
    shownUntil = null;
    $('day').textContent = '';
    $('slot-choices').textContent = '';
    $('later').hidden = true;
    loadWindow(todayInPractice());
  }

  function loadWindow(from) {
    var serviceId = checkedValue('service');
    var last = addDays(todayInPractice(), page.horizon_days);
    var to = addDays(from, 30) < last ? addDays(from, 30) : last;
    var asked = ++loads;
    clearError();
    var day = $('day');
    var later = $('later');
    day.disabled = true;
    later.disabled = true;
    $('slots-note').textContent = 'Looking for free times…';
    callAll('booking_free_starts', { slug: settings.slug, service_id: serviceId, from_day: from, to_day: to }).then(function (starts) {
      if (asked !== loads) return;
      starts.forEach(function (start) { (startsByDay[start.day] = startsByDay[start.day] || []).push(start); });
      var chosen = day.value;
      day.textContent = '';
      var days = Object.keys(startsByDay).sort();
      days.forEach(function (key) { day.appendChild(el('option', { value: key, text: dayLabel(key) })); });
      if (chosen) day.value = chosen;
      shownUntil = to;
      day.disabled = days.length === 0;
      later.disabled = false;
      // Nothing later to show: the button goes, and a keyboard's focus on it goes to the days.
      if (to >= last && document.activeElement === later) day.focus();
      later.hidden = to >= last;
      $('slots-note').textContent = days.length > 0 ? '' : to >= last
        ? 'No free times in the coming weeks for this service; please try another or call the practice.'
        : 'No free times until ' + dayLabel(to) + '; show later dates below.';
      if (days.length > 0 && !chosen) renderSlots();
    }, function (error) {
      if (asked !== loads) return;
      $('slots-note').textContent = '';
      day.disabled = Object.keys(startsByDay).length === 0;
      later.disabled = false;
      later.hidden = shownUntil === null || shownUntil >= last;
      showError(error.message);
    });
  }

  function renderSlots() {
    var slots = $('slot-choices');
    slots.textContent = '';
    (startsByDay[$('day').value] || []).forEach(function (start) {
      slots.appendChild(radio('slot', start.starts_at, start.start_time, null, false));
    });
  }

  function answers() {
    var given = {};
    page.questions.forEach(function (question) {
      if (question.type === 'text') {
        var text = $('q-' + question.id).value.trim();
        if (text !== '') given[question.id] = text;
        return;
      }
      var value = checkedValue('q-' + question.id);
      if (value === null) return;
      given[question.id] = question.type === 'yes_no' ? value === 'true' : value;
    });
    return given;
  }

  // What the page can say before sending anything, in the order of the form; the service checks again.
  function missing() {
    if (!checkedValue('service')) return ['Please choose a service.', document.querySelector('input[name="service"]')];
    if (!checkedValue('slot')) return ['Please choose a time.', document.querySelector('input[name="slot"]') || $('day')];
    if ($('name').value.trim() === '') return ['Please give your name.', $('name')];
    if ($('email').value.trim() === '') return ['Please give your email address.', $('email')];
    var given = answers();
    for (var i = 0; i < page.questions.length; i++) {
      var question = page.questions[i];
      if (question.required && given[question.id] === undefined) {
        return ['Please answer "' + question.label + '".', $('q-' + question.id) || document.querySelector('input[name="q-' + question.id + '"]')];
      }
    }
    if (page.consent && !$('agree').checked) return ['Please read and agree to the practice’s terms first.', $('agree')];
    return null;
  }

  function submit(event) {
    event.preventDefault();
    clearError();
    var problem = missing();
    if (problem) { showError(problem[0], problem[1]); return; }
    var button = $('submit');
    button.disabled = true;
    button.textContent = 'Sending…';
    call('booking_request', {
      slug: settings.slug,
      service_id: checkedValue('service'),
      starts_at: checkedValue('slot'),
      name: $('name').value.trim(),
      email: $('email').value.trim(),
      phone: $('phone').value.trim() || null,
      answers: answers(),
      consent_version: page.consent ? page.consent.version : null,
      website: $('website').value
    }).then(function (answer) {
      $('form').hidden = true;
      $('status').hidden = true;
      $('done-title').textContent = answer.status === 'scheduled' ? 'You are booked' : 'Request sent';
      $('done-message').textContent = answer.message;
      $('done').hidden = false;
      $('done').focus();
    }, function (error) {
      button.disabled = false;
      button.textContent = page.instant ? 'Book this time' : 'Request this time';
      showError(error.message);
      // A time someone else took meanwhile: offer the times that are still free.
      if (error.status === 409) loadStarts();
    });
  }

  $('form').addEventListener('submit', submit);
  call('booking_page', { slug: settings.slug }).then(function (answer) {
    page = answer;
    $('submit').textContent = page.instant ? 'Book this time' : 'Request this time';
    renderPage();
  }, function (error) {
    setStatus('');
    showError(error.message);
  });
})();
`;
