extension Catalog {
    /// English: the shipped operations' texts and the resolver's own strings.
    static let english: [String: String] = [
        // Presentations: `<localization.key>.title` and `.message`.
        "removeDownload.confirm.title": "Remove download",
        "removeDownload.confirm.message": "{0} will no longer be available offline.",
        "exportProject.destinationUnavailable.title": "Can't reach the destination",
        "exportProject.destinationUnavailable.message": "Check that the drive is still connected.",
        "exportProject.noAvailableSpace.title": "Not enough space",
        "exportProject.noAvailableSpace.message": "Free at least {0} MB and try again.",
        "exportProject.destinationNotAllowed.title": "Can't export to this folder",
        "exportProject.destinationNotAllowed.message": "{0} is outside the folders exports may go to. Use {1} instead, or cancel.",
        "restoreBackup.confirm.title": "Confirm operation",
        "restoreBackup.confirm.message": "Current data will be replaced by the backup from {0}.",
        "resetPreferences.confirm.title": "Confirm operation",
        "resetPreferences.confirm.message": "All settings will return to their defaults.",
        "addStop.conflict.title": "Stop already planned",
        "addStop.conflict.message": "{0} is already part of day {1}.",

        // Actions: the action's `localization.key` as is.
        "action.ok": "OK",
        "action.cancel": "Cancel",
        "action.remove": "Remove",
        "action.tryAgain": "Try Again",
        "action.useExportsFolder": "Use the Exports Folder",
        "action.restoreBackup": "Restore Backup",
        "action.reset": "Reset",
        "action.moveToDay": "Move to day {0}",
        "action.keepDay": "Keep day {0}",

        // The terminal resolver.
        "resolver.answered": "answered by {0} with {1}",
        "resolver.dismissed": "dismissed by {0}",
        "resolver.expired": "expired",
        "resolver.withdrawn": "withdrawn",
        "resolver.lostRace": "Someone else answered first: {0}",
        "resolver.tooLate": "Too late: {0}",
        "resolver.choose": "Choose",
        "resolver.reason": "Reason: {0}",
        "resolver.destructive": "destructive",
        "resolver.age.now": "just now",
        "resolver.age.seconds": "{0} s ago",
        "resolver.age.minutes": "{0} min ago",
        "resolver.age.hours": "{0} h ago",
        "resolver.age.days": "{0} d ago",
    ]
}
