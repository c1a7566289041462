/// The document at `/`. It holds no inline script or style (the CSP forbids both); the texts marked
/// `data-i18n` are replaced from the catalog once the script knows the reader's language.
enum PageHTML {
    static let document = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="light dark">
        <meta name="referrer" content="no-referrer">
        <title>Interlude</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header class="bar">
          <h1>Interlude</h1>
          <span id="live" class="live" data-state="connecting" role="status" data-i18n="page.live.connecting">Connecting…</span>
        </header>
        <main>
          <form id="token-form" class="panel token" hidden>
            <label for="token-input" data-i18n="page.token.label">This gateway needs an API token with the read and answer scopes.</label>
            <div class="token-row">
              <input id="token-input" type="password" autocomplete="off" spellcheck="false" required>
              <button type="submit" data-i18n="page.token.use">Use token</button>
            </div>
          </form>
          <section id="notices" class="notices" aria-live="polite" aria-atomic="false"></section>
          <section class="panel" aria-labelledby="pending-heading">
            <h2 id="pending-heading" data-i18n="page.pending.heading">Waiting for an answer</h2>
            <p id="pending-error" class="problem" role="alert" hidden></p>
            <p id="pending-empty" class="empty" data-i18n="page.pending.empty">Nothing is waiting for an answer.</p>
            <ol id="pending-list" class="queue"></ol>
          </section>
          <section class="panel" aria-labelledby="jobs-heading">
            <h2 id="jobs-heading" data-i18n="page.jobs.heading">Recent jobs</h2>
            <p id="jobs-error" class="problem" role="alert" hidden></p>
            <p id="jobs-empty" class="empty" data-i18n="page.jobs.empty" hidden>No jobs yet.</p>
            <ul id="jobs" class="jobs"></ul>
          </section>
        </main>
        <noscript><p class="problem">This page needs JavaScript to show and answer questions. The JSON API under /v1 works without it.</p></noscript>
        </body>
        </html>

        """#
}

extension PageHTML {
    /// `/favicon.svg`: a speech bubble with a question mark, so browsers do not ask for `/favicon.ico`.
    static let icon = #"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path fill="#007aff" d="M6 4h20a4 4 0 0 1 4 4v12a4 4 0 0 1-4 4H14l-7 6v-6H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z"/><text x="16" y="20" font-family="sans-serif" font-size="15" font-weight="700" fill="#fff" text-anchor="middle">?</text></svg>

        """#
}
