/// `/app.css`: the page layout, the job list, and (in `PageStyle+Dialogs`) the two dialog kinds.
/// Colours follow Apple's system palette, light and dark.
enum PageStyle {
    static let source = base + dialogs

    static let base = #"""
        :root {
          color-scheme: light dark;
          --bg: #f2f2f7; --card: #ffffff; --text: #000000; --secondary: #6e6e73;
          --separator: rgba(60, 60, 67, 0.29); --tint: #007aff; --destructive: #ff3b30;
          --green: #248a3d; --orange: #c93400; --press: rgba(0, 0, 0, 0.06);
          --alert-bg: rgba(242, 242, 247, 0.94); --sheet-bg: rgba(249, 249, 249, 0.96);
          --backdrop: rgba(0, 0, 0, 0.35);
          font-family: -apple-system, BlinkMacSystemFont, "SF Pro Text", "Segoe UI", system-ui, Roboto,
            "Helvetica Neue", "DejaVu Sans", Arial, sans-serif;
          -webkit-text-size-adjust: 100%;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #000000; --card: #1c1c1e; --text: #ffffff; --secondary: #98989f;
            --separator: rgba(84, 84, 88, 0.6); --tint: #0a84ff; --destructive: #ff453a;
            --green: #30d158; --orange: #ff9f0a; --press: rgba(255, 255, 255, 0.08);
            --alert-bg: rgba(44, 44, 46, 0.94); --sheet-bg: rgba(44, 44, 46, 0.96);
            --backdrop: rgba(0, 0, 0, 0.5);
          }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--text); font-size: 15px; line-height: 1.35; }
        .bar {
          display: flex; align-items: center; justify-content: space-between; gap: 12px;
          padding: max(12px, env(safe-area-inset-top)) 16px 12px; background: var(--card);
          border-bottom: 1px solid var(--separator);
        }
        .bar h1 { font-size: 17px; font-weight: 600; margin: 0; }
        .live { font-size: 13px; color: var(--secondary); }
        .live::before { content: "●"; margin-right: 6px; color: var(--secondary); }
        .live[data-state="live"]::before { color: var(--green); }
        .live[data-state="reconnecting"]::before, .live[data-state="offline"]::before { color: var(--orange); }
        main { max-width: 760px; margin: 0 auto; padding: 12px 12px max(24px, env(safe-area-inset-bottom)); }
        .panel { background: var(--card); border-radius: 12px; padding: 12px 16px; margin-top: 12px; }
        .panel h2 { font-size: 13px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.02em;
          color: var(--secondary); margin: 0 0 8px; }
        .empty { color: var(--secondary); margin: 4px 0; }
        .problem { color: var(--destructive); margin: 4px 0; }
        .queue { margin: 0; padding: 0; list-style: none; }
        .queue li, .jobs li { padding: 8px 0; border-top: 1px solid var(--separator); }
        .queue li:first-child, .jobs li:first-child { border-top: 0; }
        .queue .title { font-weight: 600; }
        .meta { color: var(--secondary); font-size: 13px; overflow-wrap: anywhere; }
        .badge { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 10px;
          background: var(--press); color: var(--secondary); margin-left: 6px; }
        .jobs { margin: 0; padding: 0; list-style: none; }
        .job-line { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: 4px 12px; }
        .job-name { font-weight: 600; overflow-wrap: anywhere; }
        .state { font-size: 13px; font-weight: 600; }
        .state-succeeded { color: var(--green); }
        .state-failed { color: var(--destructive); }
        .state-waiting { color: var(--orange); }
        .state-running, .state-queued { color: var(--tint); }
        .state-cancelled { color: var(--secondary); }
        progress { display: block; width: 100%; height: 6px; margin-top: 6px; appearance: none; border: 0;
          border-radius: 3px; background: var(--press); overflow: hidden; }
        progress::-webkit-progress-bar { background: var(--press); border-radius: 3px; }
        progress::-webkit-progress-value { background: var(--tint); border-radius: 3px; }
        progress::-moz-progress-bar { background: var(--tint); border-radius: 3px; }
        .notices { display: flex; flex-direction: column; gap: 8px; }
        .notices:empty { display: none; }
        .notice { background: var(--card); border-radius: 12px; padding: 10px 14px; border-left: 4px solid var(--tint); }
        .notice.lost { border-left-color: var(--orange); }
        .notice.failed { border-left-color: var(--destructive); }
        .notice strong { display: block; }
        .token label { display: block; margin-bottom: 8px; }
        .token-row { display: flex; gap: 8px; }
        .token input { flex: 1; min-width: 0; font: inherit; padding: 8px 10px; border: 1px solid var(--separator);
          border-radius: 8px; background: var(--bg); color: var(--text); }
        .token button { font: inherit; font-weight: 600; padding: 8px 14px; border: 0; border-radius: 8px;
          background: var(--tint); color: #ffffff; cursor: pointer; }
        @media (max-width: 480px) {
          main { padding-left: 8px; padding-right: 8px; }
          .panel { padding: 10px 12px; }
        }

        """#
}
