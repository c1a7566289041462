extension PageStyle {
    /// The alert (a centred box, buttons in a row or stacked) and the confirmation dialog (an action
    /// sheet at the bottom, cancel set apart), both native `<dialog>` elements shown modally.
    static let dialogs = #"""
        dialog { padding: 0; border: 0; background: transparent; color: var(--text); max-width: none;
          max-height: calc(100dvh - 16px); overflow: auto; overscroll-behavior: contain; }
        dialog::backdrop { background: var(--backdrop); }
        .context { width: fit-content; max-width: 100%; margin: 0 auto 8px; padding: 3px 10px; border-radius: 999px;
          background: rgba(0, 0, 0, 0.6); color: #ffffff; font-size: 12px; text-align: center; overflow-wrap: anywhere; }
        .context:empty { display: none; }
        .action {
          display: block; width: 100%; margin: 0; border: 0; border-radius: 0; background: transparent;
          color: var(--tint); font: inherit; font-size: 17px; line-height: 1.25; min-height: 44px;
          padding: 11px 12px; cursor: pointer; overflow-wrap: anywhere; -webkit-tap-highlight-color: transparent;
        }
        .action:hover, .action:active { background: var(--press); }
        .action:focus-visible { outline: none; background: var(--press); box-shadow: inset 0 0 0 2px var(--tint); }
        .action.cancel { font-weight: 600; }
        .action.destructive { color: var(--destructive); }
        .action:disabled { cursor: default; opacity: 0.45; }
        .action.chosen:disabled { opacity: 0.8; }
        .dialog-status { margin: 0; padding: 8px 16px 12px; font-size: 13px; text-align: center; color: var(--secondary); }
        .dialog-status.failed { color: var(--destructive); }
        .dialog-status:empty { display: none; }
        .sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
          clip: rect(0 0 0 0); white-space: nowrap; border: 0; }

        /* Alert: a centred box; title bold, message, then the buttons under a hairline. */
        dialog.alert { width: min(300px, calc(100vw - 40px)); margin: auto; }
        .alert-box { background: var(--alert-bg); border-radius: 14px; overflow: hidden; text-align: center;
          box-shadow: 0 10px 40px rgba(0, 0, 0, 0.25); -webkit-backdrop-filter: blur(20px); backdrop-filter: blur(20px); }
        .alert-text { padding: 19px 16px 17px; }
        .alert-title { margin: 0; font-size: 17px; font-weight: 600; line-height: 1.3; overflow-wrap: anywhere; }
        .alert-message, .alert-reason { margin: 4px 0 0; font-size: 13px; overflow-wrap: anywhere; }
        .alert-reason { margin-top: 8px; color: var(--secondary); }
        .buttons { display: flex; border-top: 1px solid var(--separator); }
        .buttons.row > .action { flex: 1 1 0; min-width: 0; }
        .buttons.row > .action + .action { border-left: 1px solid var(--separator); }
        .buttons.stack { flex-direction: column; }
        .buttons.stack > .action + .action { border-top: 1px solid var(--separator); }

        /* Confirmation dialog: an action sheet anchored to the bottom, the cancel button apart below. */
        dialog.sheet { width: min(440px, calc(100vw - 16px)); margin: auto auto max(8px, env(safe-area-inset-bottom)); }
        .sheet-group { background: var(--sheet-bg); border-radius: 14px; overflow: hidden; text-align: center;
          -webkit-backdrop-filter: blur(20px); backdrop-filter: blur(20px); }
        .sheet-group + .sheet-group { margin-top: 8px; }
        .sheet-header { padding: 14px 16px; }
        .sheet-title { margin: 0; font-size: 13px; font-weight: 600; color: var(--secondary); overflow-wrap: anywhere; }
        .sheet-message { margin: 2px 0 0; font-size: 13px; color: var(--secondary); overflow-wrap: anywhere; }
        .sheet-reason { margin: 6px 0 0; font-size: 13px; color: var(--secondary); }
        .sheet .action { font-size: 20px; min-height: 57px; padding: 15px 12px; }
        .sheet-group > .action + .action, .sheet-header + .action { border-top: 1px solid var(--separator); }

        @media (prefers-reduced-motion: no-preference) {
          dialog.alert[open] { animation: alert-in 0.2s ease-out; }
          dialog.sheet[open] { animation: sheet-in 0.25s ease-out; }
          dialog[open]::backdrop { animation: fade-in 0.2s ease-out; }
        }
        @keyframes alert-in { from { opacity: 0; transform: scale(1.12); } to { opacity: 1; transform: none; } }
        @keyframes sheet-in { from { transform: translateY(100%); } to { transform: none; } }
        @keyframes fade-in { from { opacity: 0; } to { opacity: 1; } }

        """#
}
